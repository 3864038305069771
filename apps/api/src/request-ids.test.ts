import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents, mailQueue } from './db/schema';
import { bearer, createTestApp, TEST_PASSWORD, type TestApp } from '../test/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The app's log lines, parsed, as the test reads them. */
function logCapture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

describe('request ids', () => {
  let t: TestApp;
  const log = logCapture();
  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      logger: { stream: log.stream },
      deliverMailAfterActions: false,
    });
  });
  afterAll(() => t.close());

  it('are answered in X-Request-Id, a new random one for each request', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/health' });
    const second = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it("ignore a client's X-Request-Id when no proxy is trusted", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'chosen-1' } });
    expect(response.headers['x-request-id']).toMatch(UUID);
  });

  it('follow a change into the event it records, the e-mail that follows, and the log line of its sending', async () => {
    const user = await t.createUser();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/customer/change-password',
      headers: bearer(await t.login(user.email)),
      payload: {
        current_password: TEST_PASSWORD,
        new_password: 'Another-horse2',
        new_password_confirmation: 'Another-horse2',
      },
    });
    expect(response.statusCode).toBe(200);
    const requestId = response.headers['x-request-id'];
    expect(requestId).toMatch(UUID);

    const [event] = await t.database.db.select().from(domainEvents).where(eq(domainEvents.userId, user.id));
    expect(event?.requestId).toBe(requestId);
    await t.app.events.dispatchPending();
    const [message] = await t.database.db.select().from(mailQueue).where(eq(mailQueue.to, user.email));
    expect(message?.requestId).toBe(requestId);
    await t.app.mailer.deliverDue();
    expect(log.lines).toContainEqual(
      expect.objectContaining({ msg: 'e-mail sent', mailId: message!.id, reqId: requestId }),
    );
    // The request's own log lines carry the same id.
    expect(log.lines).toContainEqual(expect.objectContaining({ reqId: requestId, msg: 'request completed' }));
  });

  it('are not made up for work no request caused', async () => {
    const [message] = await t.database.db
      .insert(mailQueue)
      .values({
        to: 'nobody@example.com',
        template: 'password_changed_notice',
        params: {},
        nextAttemptAt: t.clock.now(),
        createdAt: t.clock.now(),
      })
      .returning();
    await t.app.mailer.deliverDue();
    const sent = log.lines.find((line) => line.msg === 'e-mail sent' && line.mailId === message!.id);
    expect(sent).toBeDefined();
    expect(sent).not.toHaveProperty('reqId');
  });
});

describe('request ids behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(() => t.close());

  it("take the proxy's X-Request-Id when it is short and plain, and make one otherwise", async () => {
    const passed = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-7f3a.42' } });
    expect(passed.headers['x-request-id']).toBe('lb-7f3a.42');
    for (const unsafe of ['has space', 'x'.repeat(65), 'new\nline', '']) {
      const made = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': unsafe } });
      expect(made.headers['x-request-id']).toMatch(UUID);
    }
  });
});

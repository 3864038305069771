import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage, MailTransport } from '../../adapters/mail/mail-transport';
import { createSmtpTransport } from '../../adapters/mail/mail-transport';
import { createTestApp, uniqueEmail, type TestApp } from '../../../test/test-app';
import { eq } from 'drizzle-orm';
import { mailQueue } from '../../db/schema';
import { retryDelayMs } from '../../lib/backoff';
import { MAX_MAIL_ATTEMPTS } from './mail.service';

/** A transport that fails while `down` is set, like an SMTP server that is unreachable. */
class FlakyTransport implements MailTransport {
  kind = 'smtp' as const;
  down = true;
  delivered: MailMessage[] = [];
  async send(message: MailMessage) {
    if (this.down) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
    this.delivered.push(message);
  }
  close() {}
}

describe('the e-mail queue when the mail server is down', () => {
  const transport = new FlakyTransport();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ mailTransport: transport });
  });
  afterAll(() => t.close());

  it('keeps the user action, and delivers the message once the server is back', async () => {
    const email = uniqueEmail('queued');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email, password: 'Sunny-Day-42', password_confirmation: 'Sunny-Day-42' },
    });
    expect(response.statusCode).toBe(200);
    expect(await t.app.mailer.deliverDue()).toBe(0);

    transport.down = false;
    // Not due yet: the retry waits its delay.
    expect(await t.app.mailer.deliverDue()).toBe(0);
    t.clock.advance(retryDelayMs(1));
    expect(await t.app.mailer.deliverDue()).toBe(1);
    expect(transport.delivered[0]!.to).toBe(email);
    expect(transport.delivered[0]!.text).toMatch(/\b\d{6}\b/);
    expect(await t.app.mailer.deliverDue()).toBe(0);
  });

  it(`gives a message up after ${MAX_MAIL_ATTEMPTS} attempts`, async () => {
    transport.down = true;
    const delivered = transport.delivered.length;
    await t.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email: (await t.createUser()).email },
    });
    for (let attempt = 1; attempt <= MAX_MAIL_ATTEMPTS; attempt++) {
      await t.app.mailer.deliverDue();
      t.clock.advance(retryDelayMs(attempt));
    }
    transport.down = false;
    t.clock.advance(24 * 60 * 60_000);
    expect(await t.app.mailer.deliverDue()).toBe(0);
    expect(transport.delivered.length).toBe(delivered);
  });
});

describe('sending through SMTP', () => {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => received.push(mail))
        .then(() => callback(), callback);
    },
  });
  let t: TestApp;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    t = await createTestApp({
      env: { PRODUCT_NAME: 'AdNet Portal', MAIL_FROM: 'AdNet <hello@adnet.test>' },
      mailTransport: createSmtpTransport(`smtp://127.0.0.1:${port}`),
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers a plain-text and HTML message with the product name to a real SMTP server', async () => {
    const email = uniqueEmail('smtp');
    await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email, password: 'Sunny-Day-42', password_confirmation: 'Sunny-Day-42' },
    });
    // Registering already started a delivery round; this waits for it and sends anything left.
    await t.app.mailer.deliverDue();
    const message = received.find((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text === email);
    expect(message).toBeDefined();
    expect(message!.from?.value[0]).toMatchObject({ name: 'AdNet', address: 'hello@adnet.test' });
    expect(message!.subject).toBe('Your activation code — AdNet Portal');
    expect(message!.text).toMatch(/Enter this code to activate your account:\s+\d{6}/);
    expect(message!.html).toContain('<h1 style="font-size:20px">AdNet Portal</h1>');
  });

  it('leaves out the /dev/mailbox page when real e-mail is configured', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
  });
});

describe('/dev/mailbox on the default outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists the messages written to the outbox, as a page and as JSON', async () => {
    const user = await t.createUser();
    await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: user.email } });
    await t.app.mailer.deliverDue();
    const json = await t.app.inject({ method: 'GET', url: '/dev/mailbox/messages' });
    expect(json.json().data[0]).toMatchObject({
      to: user.email,
      subject: expect.stringMatching(/^Set a new password/),
    });
    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain(user.email);
    expect(page.body).toMatch(/<a href="http:\/\/localhost:3000\/password-setup\/[\w-]+">/);
  });
});

describe('/dev/mailbox is for this machine only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(['/dev/mailbox', '/dev/mailbox/messages'])(
    'answers %s only over loopback and never through a proxy',
    async (url) => {
      expect((await t.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url, remoteAddress: '::1' })).statusCode).toBe(200);
      const outsider = await t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' });
      expect(outsider.statusCode).toBe(404);
      expect(outsider.json()).toEqual({ message: 'The requested resource was not found' });
      const proxied = await t.app.inject({
        method: 'GET',
        url,
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(proxied.statusCode).toBe(404);
    },
  );

  it('does not exist in production, even on the outbox transport', async () => {
    const production = await createTestApp({
      env: {
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://127.0.0.1:9',
        STRIPE_SECRET_KEY: 'sk_test_unused',
        STRIPE_WEBHOOK_SECRET: 'whsec_unused',
        CARD_PUBLISHABLE_KEY: 'pk_test_unused',
      },
    });
    try {
      expect((await production.app.inject({ method: 'GET', url: '/dev/mailbox/messages' })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('what the queue keeps', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps only recipient, subject, template and times once a message is sent', async () => {
    const email = uniqueEmail('kept');
    await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email, password: 'Sunny-Day-42', password_confirmation: 'Sunny-Day-42' },
    });
    const code = await t.latestCode(email);
    const [row] = await t.database.db.select().from(mailQueue).where(eq(mailQueue.to, email));
    expect(row).toMatchObject({
      to: email,
      template: 'signup_code',
      subject: 'Your activation code — Advertiser Portal',
      params: null,
      sentAt: expect.any(Date),
    });
    expect(JSON.stringify(row)).not.toContain(code);
  });
});

import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, RECOVERY_MESSAGES } from '@portal/contract';
import { mailQueue, passwordResetTokens } from '../../db/schema';
import { bearer, createTestApp, errorBody, TEST_PASSWORD, uniqueEmail, type TestApp } from '../../../test/test-app';
import { RESET_LINK_LIFETIME_MS, RESET_LINKS_PER_ACCOUNT } from './recovery.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_ORIGIN: 'https://ads.example.com' } });
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Brand-New-77';
// Each request from its own address, so the per-address limit (auth.limits.test.ts) stays out of the way.
let requests = 0;
const forgot = (email: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/forgot-password',
    payload: { email },
    headers,
    remoteAddress: `10.1.0.${++requests}`,
  });
const reset = (linkhash: string, password = NEW_PASSWORD, confirmation = password) =>
  t.app.inject({
    method: 'POST',
    url: `/api/reset-password/${linkhash}`,
    payload: { password, password_confirmation: confirmation },
  });

async function linkFor(email: string): Promise<string> {
  const message = (await t.mail()).find(
    (candidate) => candidate.to.includes(email) && candidate.subject.startsWith('Set a new password'),
  );
  const link = message?.text.match(/https:\/\/\S+\/password-setup\/([\w-]+)/);
  if (!link) throw new Error(`no reset link was e-mailed to ${email}`);
  return link[1]!;
}

describe('forgot password', () => {
  it('answers the same for known and unknown addresses, and e-mails only the known one', async () => {
    const user = await t.createUser();
    const known = await forgot(user.email);
    const unknown = await forgot('nobody-here@example.com');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: RECOVERY_MESSAGES.linkSent });
    expect(unknown.json()).toEqual(known.json());
    const mail = await t.mail();
    expect(mail.some((message) => message.to.includes(user.email))).toBe(true);
    expect(mail.some((message) => message.to.includes('nobody-here@example.com'))).toBe(false);
  });

  it('builds the link from the configured origin, never the Host header', async () => {
    const user = await t.createUser();
    await forgot(user.email, { host: 'evil.example.net' });
    const message = (await t.mail()).find((candidate) => candidate.to.includes(user.email))!;
    expect(message.text).toContain('https://ads.example.com/password-setup/');
    expect(message.text).not.toContain('evil.example.net');
  });

  it(`sends at most ${RESET_LINKS_PER_ACCOUNT.points} links a quarter-hour to one account, answering alike`, async () => {
    const user = await t.createUser();
    for (let i = 0; i < RESET_LINKS_PER_ACCOUNT.points + 2; i++)
      expect((await forgot(user.email)).statusCode).toBe(200);
    const sent = (await t.mail()).filter((message) => message.to.includes(user.email));
    expect(sent).toHaveLength(RESET_LINKS_PER_ACCOUNT.points);
  });
});

describe('reset password', () => {
  it('sets the new password once, ends every session and tells the user', async () => {
    const user = await t.createUser();
    const token = await t.login(user.email);
    await forgot(user.email);
    const linkhash = await linkFor(user.email);

    expect((await t.app.inject({ method: 'GET', url: `/api/reset-password/${linkhash}` })).statusCode).toBe(200);
    const response = await reset(linkhash);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: RECOVERY_MESSAGES.passwordReset });

    expect(
      (await t.app.inject({ method: 'GET', url: '/api/customer/current-session', headers: bearer(token) })).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: user.email, password: TEST_PASSWORD },
        })
      ).statusCode,
    ).toBe(401);
    await t.login(user.email, NEW_PASSWORD);

    const again = await reset(linkhash, 'Another-One-88');
    expect(again.statusCode).toBe(422);
    expect(errorBody(again).message).toBe(RECOVERY_MESSAGES.linkInvalid);
    expect((await t.app.inject({ method: 'GET', url: `/api/reset-password/${linkhash}` })).statusCode).toBe(422);
    expect(
      (await t.mail()).some((m) => m.to.includes(user.email) && m.subject.startsWith('Your password was changed')),
    ).toBe(true);
  });

  it('refuses a link older than an hour, and a made-up one', async () => {
    const user = await t.createUser();
    await forgot(user.email);
    const linkhash = await linkFor(user.email);
    t.clock.advance(RESET_LINK_LIFETIME_MS + 1000);
    expect(errorBody(await reset(linkhash)).message).toBe(RECOVERY_MESSAGES.linkInvalid);
    expect((await reset('made-up-link')).statusCode).toBe(422);
  });

  it('checks the new password like sign-up does', async () => {
    const user = await t.createUser();
    await forgot(user.email);
    const linkhash = await linkFor(user.email);
    expect(errorBody(await reset(linkhash, 'short')).errors).toEqual({ password: [PASSWORD_MESSAGES.tooShort] });
    expect(errorBody(await reset(linkhash, NEW_PASSWORD, 'Brand-New-78')).errors).toEqual({
      password_confirmation: [PASSWORD_MESSAGES.mismatch],
    });
    expect(errorBody(await reset(linkhash, 'P@ssw0rd')).message).toBe(PASSWORD_MESSAGES.tooCommon);
    // None of those used the link up.
    expect((await reset(linkhash)).statusCode).toBe(200);
  });
});

describe('outstanding links and codes', () => {
  const requestEmailChange = (token: string, newEmail: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/customer/email-change-request',
      headers: bearer(token),
      payload: { new_email: newEmail },
    });
  const confirmEmailChange = (token: string, newEmail: string, otp: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/customer/new-email-otp/verify',
      headers: bearer(token),
      payload: { new_email: newEmail, otp },
    });
  const changePassword = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/customer/change-password',
      headers: bearer(token),
      payload: { current_password: TEST_PASSWORD, new_password: NEW_PASSWORD, new_password_confirmation: NEW_PASSWORD },
    });

  it('a newer link ends the older one', async () => {
    const user = await t.createUser();
    await forgot(user.email);
    const older = await linkFor(user.email);
    t.clock.advance(1000);
    await forgot(user.email);
    const newer = await linkFor(user.email);
    expect(newer).not.toBe(older);
    expect(errorBody(await reset(older)).message).toBe(RECOVERY_MESSAGES.linkInvalid);
    expect((await reset(newer)).statusCode).toBe(200);
  });

  it('a password change ends every link and code sent before it', async () => {
    const user = await t.createUser();
    const token = await t.login(user.email);
    const newEmail = `moved-${user.email}`;
    await requestEmailChange(token, newEmail);
    const code = await t.latestCode(newEmail);
    await forgot(user.email);
    const linkhash = await linkFor(user.email);

    expect((await changePassword(token)).statusCode).toBe(200);
    expect(errorBody(await reset(linkhash, 'Another-One-88')).message).toBe(RECOVERY_MESSAGES.linkInvalid);
    const again = await t.login(user.email, NEW_PASSWORD);
    expect((await confirmEmailChange(again, newEmail, code)).statusCode).toBe(422);
  });

  it('an e-mail change ends every reset link sent before it', async () => {
    const user = await t.createUser();
    const token = await t.login(user.email);
    await forgot(user.email);
    const linkhash = await linkFor(user.email);
    const newEmail = `changed-${user.email}`;
    await requestEmailChange(token, newEmail);
    expect((await confirmEmailChange(token, newEmail, await t.latestCode(newEmail))).statusCode).toBe(200);
    expect(errorBody(await reset(linkhash)).message).toBe(RECOVERY_MESSAGES.linkInvalid);
  });
});

describe('forgot password does the same work for any address', () => {
  let q: TestApp;
  beforeAll(async () => {
    q = await createTestApp({ deliverMailAfterActions: false });
  });
  afterAll(() => q.close());

  const request = (email: string) => q.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email } });

  it('answers by queueing the address alone, then makes the link only for an account', async () => {
    const user = await q.createUser();
    const stranger = uniqueEmail('stranger');
    expect((await request(user.email)).statusCode).toBe(200);
    expect((await request(stranger)).statusCode).toBe(200);

    // At the answer, both requests have left the same trace and no link exists yet.
    const queued = await q.database.db.select().from(mailQueue);
    // Besides the address, only the id of the request that queued it differs.
    const shape = ({ to: _to, id: _id, requestId: _requestId, ...rest }: (typeof queued)[number]) => rest;
    const [known, unknown] = [user.email, stranger].map((email) => queued.find((row) => row.to === email)!);
    expect(shape(known!)).toEqual(shape(unknown!));
    expect(known!.template).toBe('password_reset_link');
    expect(await q.database.db.select().from(passwordResetTokens)).toHaveLength(0);

    // Delivery makes and sends the account's link, and drops the stranger's request.
    expect(await q.app.mailer.deliverDue()).toBe(1);
    expect(await q.database.db.select().from(passwordResetTokens)).toHaveLength(1);
    const left = await q.database.db.select().from(mailQueue);
    expect(left.map((row) => row.to)).toEqual([user.email]);
    expect(left[0]).toMatchObject({ params: null, subject: expect.stringMatching(/^Set a new password/) });
  });
});

describe('the request log', () => {
  it('does not carry reset-link tokens', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logged = await createTestApp({ logger: { stream } });
    try {
      const token = 'abcDEF123secretTOKEN456';
      await logged.app.inject({ method: 'GET', url: `/api/reset-password/${token}` });
      await logged.app.inject({ method: 'GET', url: `/password-setup/${token}?x=1` });
      const log = lines.join('');
      expect(log).toContain('/api/reset-password/[redacted]');
      expect(log).not.toContain(token);
    } finally {
      await logged.close();
    }
  });
});

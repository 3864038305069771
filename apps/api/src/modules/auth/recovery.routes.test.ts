import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, RECOVERY_MESSAGES } from '@portal/contract';
import { bearer, createTestApp, errorBody, TEST_PASSWORD, type TestApp } from '../../../test/test-app';
import { RESET_LINK_LIFETIME_MS, RESET_LINKS_PER_ACCOUNT } from './recovery.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_ORIGIN: 'https://ads.example.com' } });
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Brand-New-77';
const forgot = (email: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email }, headers });
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

import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  AUTH_MESSAGES,
  ROLE,
  type SignInChallenge,
  TWO_FACTOR_MESSAGES,
  TWO_FACTOR_RULES,
} from '@portal/contract';
import { sessions, signInChallenges } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { bearer, createTestApp, errorBody, TEST_PASSWORD, type TestApp } from '../../../test/test-app';
import { LOGIN_LIMITS } from '../credentials/password-tries';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// Every request comes from an address of its own, so that the limit of requests an address may
// make (not what most of these tests are about) is never reached.
let addressCounter = 0;
const nextAddress = () => `10.1.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

const STEP_MS = 30_000;

/** The code an authenticator app would show at the app's time. */
const codeNow = (app: TestApp, secret: string) =>
  generate({ secret, epoch: Math.floor(app.clock.now().getTime() / 1000) });

/** A code of no step near now (the one of an hour ago). */
const staleCode = (app: TestApp, secret: string) =>
  generate({ secret, epoch: Math.floor(app.clock.now().getTime() / 1000) - 3600 });

const post = (app: TestApp, url: string, payload: unknown, token?: string) =>
  app.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    remoteAddress: nextAddress(),
    ...(token && { headers: bearer(token) }),
  });

const passwordStep = (app: TestApp, email: string, extra: Record<string, unknown> = {}) =>
  post(app, '/api/login', { email, password: TEST_PASSWORD, ...extra });

/** The password step of a user with two-factor sign-in: the challenge it answers. */
async function challengeOf(app: TestApp, email: string, extra: Record<string, unknown> = {}) {
  const response = await passwordStep(app, email, extra);
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json<SignInChallenge & { access_token?: string }>();
  expect(answer.access_token).toBeUndefined();
  return answer;
}

const secondStep = (app: TestApp, challenge: string, proof: { code?: string; recovery_code?: string }) =>
  post(app, '/api/login/two-factor', { challenge_token: challenge, ...proof });

const status = async (app: TestApp, token: string) => {
  const response = await app.app.inject({ method: 'GET', url: '/api/customer/two-factor', headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { enabled: boolean; recovery_codes_left: number; required: boolean } }>().data;
};

/** Turns two-factor sign-in on for a signed-in user; the clock then moves on a step, so the next code is new. */
async function enrol(app: TestApp, token: string) {
  const started = await post(app, '/api/customer/two-factor/enrolment', {}, token);
  expect(started.statusCode, started.body).toBe(200);
  const { secret } = started.json<{ data: { secret: string } }>().data;
  const confirmed = await post(
    app,
    '/api/customer/two-factor/enrolment/confirm',
    { code: await codeNow(app, secret) },
    token,
  );
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  app.clock.advance(STEP_MS);
  return { secret, recoveryCodes: confirmed.json<{ recovery_codes: string[] }>().recovery_codes };
}

/** A customer with two-factor sign-in on, and the session they turned it on in. */
async function userWithTwoFactor(app = t) {
  const user = await app.createUser();
  const token = await app.login(user.email);
  return { user, token, ...(await enrol(app, token)) };
}

const sessionCount = async (userId: number) =>
  (await t.database.db.select().from(sessions).where(eq(sessions.userId, userId))).length;

const works = async (app: TestApp, token: string) =>
  (await app.app.inject({ method: 'GET', url: '/api/customer/current-session', headers: bearer(token) })).statusCode ===
  200;

describe('setting two-factor sign-in up on My account', () => {
  it('answers a secret and its QR code, and turns on only with a right code', async () => {
    const user = await t.createUser();
    const token = await t.login(user.email);
    expect(await status(t, token)).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
      required: false,
    });

    const started = await post(t, '/api/customer/two-factor/enrolment', {}, token);
    expect(started.statusCode).toBe(200);
    const { message, data } = started.json<{ message: string; data: Record<string, string> }>();
    expect(message).toBe(TWO_FACTOR_MESSAGES.enrolmentStarted);
    expect(data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data.otpauth_url).toBe(
      `otpauth://totp/Advertiser%20Portal:${encodeURIComponent(user.email)}?secret=${data.secret}&issuer=Advertiser%20Portal`,
    );
    expect(Buffer.from(data.qr_code!.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toContain('<svg');
    // Pending: a login still needs only the password.
    expect((await passwordStep(t, user.email)).json()).toHaveProperty('access_token');

    const wrong = await post(
      t,
      '/api/customer/two-factor/enrolment/confirm',
      { code: await staleCode(t, data.secret!) },
      token,
    );
    expect(wrong.statusCode).toBe(422);
    expect(errorBody(wrong)).toEqual({
      message: TWO_FACTOR_MESSAGES.codeWrong,
      errors: { code: [TWO_FACTOR_MESSAGES.codeWrong] },
    });
    expect((await status(t, token)).enabled).toBe(false);

    // Spaces between the digits, as some apps show them, are ignored.
    const code = await codeNow(t, data.secret!);
    const right = await post(
      t,
      '/api/customer/two-factor/enrolment/confirm',
      { code: `${code.slice(0, 3)} ${code.slice(3)}` },
      token,
    );
    expect(right.statusCode, right.body).toBe(200);
    const { recovery_codes } = right.json<{ recovery_codes: string[] }>();
    expect(recovery_codes).toHaveLength(TWO_FACTOR_RULES.recoveryCodeCount);
    expect(new Set(recovery_codes).size).toBe(TWO_FACTOR_RULES.recoveryCodeCount);
    for (const recoveryCode of recovery_codes) expect(recoveryCode).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    expect(await status(t, token)).toMatchObject({ enabled: true, recovery_codes_left: 10 });
    // The session it was turned on in goes on.
    expect(await works(t, token)).toBe(true);

    const again = await post(t, '/api/customer/two-factor/enrolment', {}, token);
    expect(again.statusCode).toBe(409);
    expect(errorBody(again).message).toBe(TWO_FACTOR_MESSAGES.alreadyOn);
  });

  it('cannot be confirmed before it is started, nor with the code that confirmed it', async () => {
    const token = await t.login((await t.createUser()).email);
    const early = await post(t, '/api/customer/two-factor/enrolment/confirm', { code: '123456' }, token);
    expect(early.statusCode).toBe(409);
    expect(errorBody(early).message).toBe(TWO_FACTOR_MESSAGES.noEnrolment);

    const started = await post(t, '/api/customer/two-factor/enrolment', {}, token);
    const { secret } = started.json<{ data: { secret: string } }>().data;
    const code = await codeNow(t, secret);
    const confirmations = await Promise.all(
      [1, 2].map(() => post(t, '/api/customer/two-factor/enrolment/confirm', { code }, token)),
    );
    expect(confirmations.map((response) => response.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('signing in with two-factor sign-in on', () => {
  it('answers a challenge for the password and the session for the code, by the usual path', async () => {
    const { user, secret } = await userWithTwoFactor();
    const before = await sessionCount(user.id);
    const challenge = await challengeOf(t, user.email);
    expect(challenge).toMatchObject({ message: TWO_FACTOR_MESSAGES.codeNeeded, challenge: 'code' });
    expect(Date.parse(challenge.expires_at) - t.clock.now().getTime()).toBe(TWO_FACTOR_RULES.challengeLifetimeMs);
    // No session yet, and the token is kept only as its hash.
    expect(await sessionCount(user.id)).toBe(before);
    const [stored] = await t.database.db
      .select()
      .from(signInChallenges)
      .where(eq(signInChallenges.tokenHash, hashToken(challenge.challenge_token)));
    expect(stored).toMatchObject({ userId: user.id, kind: 'code', remember: false, attempts: 0 });

    const response = await secondStep(t, challenge.challenge_token, { code: await codeNow(t, secret) });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<{
      message: string;
      access_token: string;
      expires_at: string;
      is_first_login: boolean;
    }>();
    expect(answer.message).toBe(AUTH_MESSAGES.loggedIn);
    expect(answer.is_first_login).toBe(false);
    expect(Date.parse(answer.expires_at) - t.clock.now().getTime()).toBe(12 * 60 * 60 * 1000);
    expect(await works(t, answer.access_token)).toBe(true);
    expect(await sessionCount(user.id)).toBe(before + 1);

    // A challenge signs in once.
    t.clock.advance(STEP_MS);
    const again = await secondStep(t, challenge.challenge_token, { code: await codeNow(t, secret) });
    expect(again.statusCode).toBe(403);
    expect(errorBody(again).message).toBe(TWO_FACTOR_MESSAGES.challengeEnded);
  });

  it('asks for the code with Remember me too, and the session then lasts 30 days', async () => {
    const { user, secret } = await userWithTwoFactor();
    const challenge = await challengeOf(t, user.email, { remember: true });
    expect(challenge.challenge).toBe('code');
    const response = await secondStep(t, challenge.challenge_token, { code: await codeNow(t, secret) });
    expect(response.statusCode).toBe(200);
    const expiresAt = Date.parse(response.json<{ expires_at: string }>().expires_at);
    expect(expiresAt - t.clock.now().getTime()).toBe(30 * 24 * 60 * 60 * 1000);
  });

  it('ends the challenge at the fifth wrong code: the password must be entered again', async () => {
    const { user, secret } = await userWithTwoFactor();
    const challenge = await challengeOf(t, user.email);
    const wrong = await staleCode(t, secret);
    for (let attempt = 1; attempt < TWO_FACTOR_RULES.maxWrongCodes; attempt++) {
      const response = await secondStep(t, challenge.challenge_token, { code: wrong });
      expect(response.statusCode).toBe(401);
      expect(errorBody(response)).toEqual({ message: TWO_FACTOR_MESSAGES.codeWrong });
    }
    const fifth = await secondStep(t, challenge.challenge_token, { code: wrong });
    expect(fifth.statusCode).toBe(403);
    expect(errorBody(fifth)).toEqual({ message: TWO_FACTOR_MESSAGES.tooManyWrongCodes });
    const right = await secondStep(t, challenge.challenge_token, { code: await codeNow(t, secret) });
    expect(right.statusCode).toBe(403);
    expect(errorBody(right).message).toBe(TWO_FACTOR_MESSAGES.tooManyWrongCodes);

    const fresh = await challengeOf(t, user.email);
    expect((await secondStep(t, fresh.challenge_token, { code: await codeNow(t, secret) })).statusCode).toBe(200);
  });

  it('counts exactly five of twenty wrong codes sent at once, and the challenge is then dead', async () => {
    const { user, secret } = await userWithTwoFactor();
    const challenge = await challengeOf(t, user.email);
    const wrong = await staleCode(t, secret);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => secondStep(t, challenge.challenge_token, { code: wrong })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(4).fill(401), ...Array<number>(16).fill(403)]);
    for (const answer of answers.filter((one) => one.statusCode === 403)) {
      expect(errorBody(answer).message).toBe(TWO_FACTOR_MESSAGES.tooManyWrongCodes);
    }
    const [stored] = await t.database.db
      .select({ attempts: signInChallenges.attempts })
      .from(signInChallenges)
      .where(eq(signInChallenges.tokenHash, hashToken(challenge.challenge_token)));
    expect(stored!.attempts).toBe(TWO_FACTOR_RULES.maxWrongCodes);
    expect((await secondStep(t, challenge.challenge_token, { code: await codeNow(t, secret) })).statusCode).toBe(403);
  });

  it('accepts a code once: the same code again, within its window or at once, is refused', async () => {
    const { user, secret } = await userWithTwoFactor();
    const code = await codeNow(t, secret);
    const first = await challengeOf(t, user.email);
    expect((await secondStep(t, first.challenge_token, { code })).statusCode).toBe(200);

    t.clock.advance(10_000);
    const replay = await challengeOf(t, user.email);
    const refused = await secondStep(t, replay.challenge_token, { code });
    expect(refused.statusCode).toBe(401);
    expect(errorBody(refused).message).toBe(TWO_FACTOR_MESSAGES.codeWrong);

    // Two logins carrying the same new code at once: one gets in.
    t.clock.advance(STEP_MS);
    const next = await codeNow(t, secret);
    const pair = [await challengeOf(t, user.email), await challengeOf(t, user.email)];
    const answers = await Promise.all(pair.map((one) => secondStep(t, one.challenge_token, { code: next })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
  });

  it('takes each recovery code once, however it is typed, even when sent twice at once', async () => {
    const { user, token, recoveryCodes } = await userWithTwoFactor();
    const [first, second] = recoveryCodes;
    const challenge = await challengeOf(t, user.email);
    const typed = first!.replaceAll('-', ' ').toUpperCase();
    const response = await secondStep(t, challenge.challenge_token, { recovery_code: typed });
    expect(response.statusCode, response.body).toBe(200);
    expect((await status(t, token)).recovery_codes_left).toBe(9);

    const reused = await secondStep(t, (await challengeOf(t, user.email)).challenge_token, { recovery_code: first! });
    expect(reused.statusCode).toBe(401);
    expect(errorBody(reused)).toEqual({ message: TWO_FACTOR_MESSAGES.recoveryCodeWrong });

    const pair = [await challengeOf(t, user.email), await challengeOf(t, user.email)];
    const answers = await Promise.all(
      pair.map((one) => secondStep(t, one.challenge_token, { recovery_code: second! })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    expect((await status(t, token)).recovery_codes_left).toBe(8);
  });

  it('refuses an expired, unknown or malformed second step in the error format', async () => {
    const { user, secret } = await userWithTwoFactor();
    const challenge = await challengeOf(t, user.email);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ challenge_token: challenge.challenge_token }, 422, TWO_FACTOR_MESSAGES.codeRequired],
      [{ challenge_token: challenge.challenge_token, code: '12345' }, 422, TWO_FACTOR_MESSAGES.codeFormat],
      [{ challenge_token: challenge.challenge_token, code: 'abcdef' }, 422, TWO_FACTOR_MESSAGES.codeFormat],
      [
        { challenge_token: challenge.challenge_token, recovery_code: 'short' },
        422,
        TWO_FACTOR_MESSAGES.recoveryCodeFormat,
      ],
      [
        { challenge_token: challenge.challenge_token, code: '123456', recovery_code: 'abcd-efgh-jkmn-pqrs' },
        422,
        TWO_FACTOR_MESSAGES.codeOrRecoveryCode,
      ],
      [{ code: '123456' }, 422, TWO_FACTOR_MESSAGES.challengeTokenRequired],
      [{ challenge_token: 'x'.repeat(201), code: '123456' }, 422, TWO_FACTOR_MESSAGES.challengeTokenInvalid],
      [{ challenge_token: 'not-a-challenge', code: '123456' }, 403, TWO_FACTOR_MESSAGES.challengeEnded],
    ];
    for (const [payload, statusCode, message] of cases) {
      const response = await post(t, '/api/login/two-factor', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(statusCode);
      const body = errorBody(response);
      expect(statusCode === 422 ? Object.values(body.errors ?? {}).flat() : [body.message]).toContain(message);
    }
    // None of those took a try: the challenge still has all five.
    t.clock.advance(TWO_FACTOR_RULES.challengeLifetimeMs);
    const expired = await secondStep(t, challenge.challenge_token, { code: await codeNow(t, secret) });
    expect(expired.statusCode).toBe(403);
    expect(errorBody(expired)).toEqual({ message: TWO_FACTOR_MESSAGES.challengeEnded });
  });

  it('counts wrong codes against the account, whose tries a right password alone does not give back', async () => {
    const { user, secret } = await userWithTwoFactor();
    // Tries of the account: 1 for each password, 1 for each wrong code; 10 in two rounds.
    for (let round = 0; round < 2; round++) {
      const challenge = await challengeOf(t, user.email);
      for (let wrong = 0; wrong < 4; wrong++) {
        expect((await secondStep(t, challenge.challenge_token, { code: await staleCode(t, secret) })).statusCode).toBe(
          401,
        );
      }
    }
    const locked = await passwordStep(t, user.email);
    expect(locked.statusCode).toBe(429);
    expect(errorBody(locked).message).toBe(AUTH_MESSAGES.tooManyAttempts);
  });

  it('gives the account its tries back once the code is right', async () => {
    const { user, secret } = await userWithTwoFactor();
    for (let attempt = 0; attempt < LOGIN_LIMITS.triesPerAccount.points - 2; attempt++) {
      expect((await post(t, '/api/login', { email: user.email, password: 'Wrong-pass1' })).statusCode).toBe(401);
    }
    const challenge = await challengeOf(t, user.email);
    expect((await secondStep(t, challenge.challenge_token, { code: await codeNow(t, secret) })).statusCode).toBe(200);
    for (let attempt = 0; attempt < LOGIN_LIMITS.triesPerAccount.points - 1; attempt++) {
      expect((await post(t, '/api/login', { email: user.email, password: 'Wrong-pass1' })).statusCode).toBe(401);
    }
  });
});

describe('recovery codes and turning two-factor sign-in off', () => {
  it('regenerates the recovery codes for a current code; the old ones stop working', async () => {
    const { user, token, secret, recoveryCodes } = await userWithTwoFactor();
    const wrong = await post(t, '/api/customer/two-factor/recovery-codes', { code: await staleCode(t, secret) }, token);
    expect(wrong.statusCode).toBe(422);
    expect(errorBody(wrong).errors).toEqual({ code: [TWO_FACTOR_MESSAGES.codeWrong] });

    const renewed = await post(t, '/api/customer/two-factor/recovery-codes', { code: await codeNow(t, secret) }, token);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const { message, recovery_codes } = renewed.json<{ message: string; recovery_codes: string[] }>();
    expect(message).toBe(TWO_FACTOR_MESSAGES.recoveryCodesRegenerated);
    expect(recovery_codes).toHaveLength(10);
    expect(recovery_codes.some((code) => recoveryCodes.includes(code))).toBe(false);

    const old = await secondStep(t, (await challengeOf(t, user.email)).challenge_token, {
      recovery_code: recoveryCodes[0]!,
    });
    expect(old.statusCode).toBe(401);
    const fresh = await secondStep(t, (await challengeOf(t, user.email)).challenge_token, {
      recovery_code: recovery_codes[0]!,
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('turns off only with the password and a current code or a recovery code', async () => {
    const { user, token, secret, recoveryCodes } = await userWithTwoFactor();
    const disable = (payload: Record<string, unknown>) => post(t, '/api/customer/two-factor/disable', payload, token);

    const noCode = await disable({ password: TEST_PASSWORD });
    expect(noCode.statusCode).toBe(422);
    expect(errorBody(noCode).errors).toEqual({ code: [TWO_FACTOR_MESSAGES.codeRequired] });
    const wrongPassword = await disable({ password: 'Wrong-pass1', code: await codeNow(t, secret) });
    expect(wrongPassword.statusCode).toBe(422);
    expect(errorBody(wrongPassword).errors).toEqual({ password: [ACCOUNT_MESSAGES.currentPasswordWrong] });
    const wrongCode = await disable({ password: TEST_PASSWORD, code: await staleCode(t, secret) });
    expect(wrongCode.statusCode).toBe(422);
    expect(errorBody(wrongCode).errors).toEqual({ code: [TWO_FACTOR_MESSAGES.codeWrong] });
    expect((await status(t, token)).enabled).toBe(true);

    const done = await disable({ password: TEST_PASSWORD, recovery_code: recoveryCodes[3]! });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: TWO_FACTOR_MESSAGES.disabled });
    expect(await status(t, token)).toMatchObject({ enabled: false, recovery_codes_left: 0 });
    expect((await passwordStep(t, user.email)).json()).toHaveProperty('access_token');

    const again = await disable({ password: TEST_PASSWORD, code: await codeNow(t, secret) });
    expect(again.statusCode).toBe(409);
    expect(errorBody(again).message).toBe(TWO_FACTOR_MESSAGES.notOn);
  });
});

describe('administrators', () => {
  it('sign in with the password alone while the portal does not require two-factor sign-in', async () => {
    const admin = await t.createUser({ roleId: ROLE.admin });
    expect((await passwordStep(t, admin.email)).json()).toHaveProperty('access_token');
    expect((await status(t, await t.login(admin.email))).required).toBe(false);
  });

  describe('when the portal requires it (REQUIRE_ADMIN_TWO_FACTOR)', () => {
    let strict: TestApp;
    beforeAll(async () => {
      strict = await createTestApp({ env: { REQUIRE_ADMIN_TWO_FACTOR: 'true' } });
    });
    afterAll(() => strict.close());

    it('set it up within the login, which then ends in a session and the recovery codes', async () => {
      const admin = await strict.createUser({ roleId: ROLE.admin });
      const challenge = await challengeOf(strict, admin.email, { remember: true });
      expect(challenge).toMatchObject({ challenge: 'enrolment', message: TWO_FACTOR_MESSAGES.enrolmentNeeded });
      // The challenge lets the administrator do nothing but set it up.
      const notACode = await secondStep(strict, challenge.challenge_token, { code: '123456' });
      expect(notACode.statusCode).toBe(403);
      expect(errorBody(notACode).message).toBe(TWO_FACTOR_MESSAGES.enrolmentNeeded);

      const started = await post(strict, '/api/login/two-factor/enrolment', {
        challenge_token: challenge.challenge_token,
      });
      expect(started.statusCode, started.body).toBe(200);
      const { secret, otpauth_url } = started.json<{ data: { secret: string; otpauth_url: string } }>().data;
      expect(otpauth_url).toContain(encodeURIComponent(admin.email));

      const confirm = (code: string) =>
        post(strict, '/api/login/two-factor/enrolment/confirm', { challenge_token: challenge.challenge_token, code });
      const wrong = await confirm(await staleCode(strict, secret));
      expect(wrong.statusCode).toBe(401);
      expect(errorBody(wrong).message).toBe(TWO_FACTOR_MESSAGES.codeWrong);
      const right = await confirm(await codeNow(strict, secret));
      expect(right.statusCode, right.body).toBe(200);
      const answer = right.json<{ access_token: string; expires_at: string; recovery_codes: string[] }>();
      expect(answer.recovery_codes).toHaveLength(10);
      expect(Date.parse(answer.expires_at) - strict.clock.now().getTime()).toBe(30 * 24 * 60 * 60 * 1000);
      expect(await works(strict, answer.access_token)).toBe(true);
      expect(await status(strict, answer.access_token)).toMatchObject({ enabled: true, required: true });

      // It cannot be turned off, and the next login asks for a code.
      strict.clock.advance(STEP_MS);
      const off = await post(
        strict,
        '/api/customer/two-factor/disable',
        { password: TEST_PASSWORD, code: await codeNow(strict, secret) },
        answer.access_token,
      );
      expect(off.statusCode).toBe(403);
      expect(errorBody(off).message).toBe(TWO_FACTOR_MESSAGES.requiredForAdmins);
      const next = await challengeOf(strict, admin.email);
      expect(next.challenge).toBe('code');
      expect((await secondStep(strict, next.challenge_token, { code: await codeNow(strict, secret) })).statusCode).toBe(
        200,
      );
    });

    it('leave customers to choose, and a code challenge cannot be used to enrol', async () => {
      const customer = await strict.createUser();
      expect((await passwordStep(strict, customer.email)).json()).toHaveProperty('access_token');
      const { user } = await userWithTwoFactor(strict);
      const challenge = await challengeOf(strict, user.email);
      const enrolling = await post(strict, '/api/login/two-factor/enrolment', {
        challenge_token: challenge.challenge_token,
      });
      expect(enrolling.statusCode).toBe(409);
      expect(errorBody(enrolling).message).toBe(TWO_FACTOR_MESSAGES.alreadyOn);
    });
  });
});

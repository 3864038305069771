import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, SIGNUP_MESSAGES, BILLING_MESSAGES, ACCOUNT_MESSAGES, SIGNUP_STEP } from '@portal/contract';
import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { oneTimeCodes, users } from '../../db/schema';
import { createTestApp, errorBody, uniqueEmail, type TestApp } from '../../../test/test-app';
import { GIF_1PX, multipart, PNG_1PX } from '../../../test/fixtures';
import { CODE_RULES } from '../credentials/one-time-codes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PRODUCT_NAME: 'AdNet Portal' } });
});
afterAll(() => t.close());

const PASSWORD = 'Sunny-Day-42';
// Each request comes from its own address, so that the per-address sign-up limit (tested in
// auth.limits.test.ts) stays out of these tests.
let requests = 0;
const nextAddress = () => `10.0.${Math.floor(++requests / 250)}.${(requests % 250) + 1}`;
const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    payload,
    headers: cookie ? { cookie } : {},
    remoteAddress: nextAddress(),
  });

function signupCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((candidate) => candidate.name === 'portal_signup');
  if (!cookie) throw new Error('no sign-up cookie was set');
  return `portal_signup=${cookie.value}`;
}

async function register(email = uniqueEmail('signup')) {
  const response = await post('/register', { email, password: PASSWORD, password_confirmation: PASSWORD });
  expect(response.statusCode).toBe(200);
  return { email, userId: response.json().user.id as number, cookie: signupCookie(response), response };
}

async function registerAndVerify() {
  const registered = await register();
  const otp = await t.latestCode(registered.email);
  expect((await post('/verify-otp', { user_id: registered.userId, otp }, registered.cookie)).statusCode).toBe(200);
  return registered;
}

/** Personal info as the sign-up page sends it: multipart, with a photo of the given bytes. */
async function sendPersonalInfoWithPhoto(
  userId: number,
  cookie: string,
  bytes: Buffer,
  filename = 'me.png',
  type = 'image/png',
) {
  const form = await multipart({
    user_id: String(userId),
    first_name: 'Ada',
    last_name: 'Lovelace',
    logo: { bytes, filename, type },
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/update-personal-info',
    ...form,
    headers: { ...form.headers, cookie },
  });
}

const billing = {
  type: 'company',
  business_name: 'Acme Ads',
  tax_id: 'DE123456',
  currency: 'EUR',
  country: 'de',
  address: 'Hauptstrasse 1',
  city: 'Berlin',
  state: 'Berlin',
  postal_code: '10115',
};

describe('POST /api/register', () => {
  it('creates the account at step 1, sets the sign-up cookie and e-mails a code', async () => {
    const email = uniqueEmail('new');
    const { response, userId } = await register(email);
    expect(response.json()).toEqual({
      message: SIGNUP_MESSAGES.registered,
      user: { id: userId, email, role_id: 2, profile_step: 1, first_name: null, last_name: null, logo: null },
    });
    const cookie = response.cookies.find((candidate) => candidate.name === 'portal_signup')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api' });

    const [message] = (await t.mail()).filter((candidate) => candidate.to.includes(email));
    expect(message!.subject).toBe('Your activation code — AdNet Portal');
    expect(message!.text).toMatch(/\b\d{6}\b/);
    expect(message!.text).toContain('AdNet Portal');
  });

  it.each([
    ['a short password', 'Ab1!', [PASSWORD_MESSAGES.tooShort]],
    ['a long password', `Ab1!${'x'.repeat(30)}`, [PASSWORD_MESSAGES.tooLong]],
    ['no upper case', 'sunny-day-42', [PASSWORD_MESSAGES.uppercase]],
    ['no lower case', 'SUNNY-DAY-42', [PASSWORD_MESSAGES.lowercase]],
    ['no digit', 'Sunny-Day-xx', [PASSWORD_MESSAGES.number]],
    ['no symbol', 'SunnyDay42x', [PASSWORD_MESSAGES.special]],
  ])('refuses %s with the checklist message', async (_case, password, messages) => {
    const response = await post('/register', { email: uniqueEmail(), password, password_confirmation: password });
    expect(response.statusCode).toBe(422);
    expect(errorBody(response).errors).toEqual({ password: messages });
  });

  it('accepts any non-alphanumeric character as the symbol', async () => {
    const response = await post('/register', {
      email: uniqueEmail(),
      password: 'Sunny Day 42~',
      password_confirmation: 'Sunny Day 42~',
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a mismatched confirmation, a common password and a bad e-mail', async () => {
    const mismatch = await post('/register', {
      email: uniqueEmail(),
      password: PASSWORD,
      password_confirmation: 'Other-Day-42',
    });
    expect(errorBody(mismatch).errors).toEqual({ password_confirmation: [PASSWORD_MESSAGES.mismatch] });
    const common = await post('/register', {
      email: uniqueEmail(),
      password: 'P@ssw0rd',
      password_confirmation: 'P@ssw0rd',
    });
    expect(common.statusCode).toBe(422);
    expect(errorBody(common)).toEqual({
      message: PASSWORD_MESSAGES.tooCommon,
      errors: { password: [PASSWORD_MESSAGES.tooCommon] },
    });
    const email = await post('/register', { email: 'nope', password: PASSWORD, password_confirmation: PASSWORD });
    expect(errorBody(email).errors).toEqual({ email: ['Invalid email format'] });
  });

  it('answers "complete" for a finished account and resumes an unfinished one only with its password', async () => {
    const finished = await t.createUser();
    const complete = await post('/register', {
      email: finished.email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(complete.statusCode).toBe(403);
    expect(complete.json()).toEqual({ registration_status: 'complete', message: SIGNUP_MESSAGES.alreadyRegistered });

    const { email, userId } = await register();
    const resumed = await post('/register', { email, password: PASSWORD, password_confirmation: PASSWORD });
    expect(resumed.statusCode).toBe(403);
    expect(resumed.json()).toMatchObject({ registration_status: 'incomplete', user: { id: userId, profile_step: 1 } });
    expect(signupCookie(resumed)).toMatch(/^portal_signup=/);

    const stranger = await post('/register', {
      email,
      password: 'Other-Day-42',
      password_confirmation: 'Other-Day-42',
    });
    expect(stranger.statusCode).toBe(409);
    expect(stranger.cookies).toHaveLength(0);
  });
});

describe('the activation code', () => {
  it('acts only for the browser holding the sign-up cookie of that user', async () => {
    const first = await register();
    const second = await register();
    const otp = await t.latestCode(first.email);
    expect((await post('/verify-otp', { user_id: first.userId, otp })).statusCode).toBe(403);
    const foreign = await post('/verify-otp', { user_id: first.userId, otp }, second.cookie);
    expect(foreign.statusCode).toBe(403);
    expect(errorBody(foreign).message).toBe(SIGNUP_MESSAGES.signupSessionMissing);
    expect((await post('/verify-otp', { user_id: first.userId, otp }, first.cookie)).statusCode).toBe(200);
  });

  it('fails a sixth try even when it is right', async () => {
    const { email, userId, cookie } = await register();
    const otp = await t.latestCode(email);
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= CODE_RULES.maxFailedAttempts; attempt++) {
      const response = await post('/verify-otp', { user_id: userId, otp: wrong }, cookie);
      expect(errorBody(response)).toEqual({
        message: SIGNUP_MESSAGES.codeWrong,
        errors: { otp: [SIGNUP_MESSAGES.codeWrong] },
      });
    }
    const sixth = await post('/verify-otp', { user_id: userId, otp }, cookie);
    expect(sixth.statusCode).toBe(422);
    expect(errorBody(sixth).message).toBe(SIGNUP_MESSAGES.codeUsedUp);
  });

  it('expires after 10 minutes', async () => {
    const { email, userId, cookie } = await register();
    const otp = await t.latestCode(email);
    t.clock.advance(CODE_RULES.lifetimeMs + 1000);
    const response = await post('/verify-otp', { user_id: userId, otp }, cookie);
    expect(errorBody(response).message).toBe(SIGNUP_MESSAGES.codeExpired);
  });

  it('can be sent again once a minute, and the new code replaces the old one', async () => {
    const { email, userId, cookie } = await register();
    const oldCode = await t.latestCode(email);
    const tooSoon = await post('/new-otp', { user_id: userId }, cookie);
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorBody(tooSoon).message).toMatch(/^Please wait \d+ seconds before asking for a new code\.$/);

    t.clock.advance(CODE_RULES.resendCooldownMs);
    const resent = await post('/new-otp', { user_id: userId }, cookie);
    expect(resent.json()).toEqual({ message: SIGNUP_MESSAGES.codeSent });
    const newCode = await t.latestCode(email);
    if (newCode !== oldCode) {
      expect(errorBody(await post('/verify-otp', { user_id: userId, otp: oldCode }, cookie)).message).toBe(
        SIGNUP_MESSAGES.codeWrong,
      );
    }
    expect((await post('/verify-otp', { user_id: userId, otp: newCode }, cookie)).statusCode).toBe(200);
    // Used: it cannot verify twice.
    expect((await post('/verify-otp', { user_id: userId, otp: newCode }, cookie)).statusCode).toBe(409);
  });

  it('is sent once when 20 requests for a new one arrive at once', async () => {
    const { email, userId, cookie } = await register();
    t.clock.advance(CODE_RULES.resendCooldownMs);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post('/new-otp', { user_id: userId }, cookie)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array<number>(19).fill(429)]);
    // The code sent at registration and one more.
    const codes = await t.database.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, userId));
    expect(codes).toHaveLength(2);
    expect((await t.mail()).filter((message) => message.to.includes(email))).toHaveLength(2);
  });

  it('checks the format of the code and the user id', async () => {
    const { userId, cookie } = await register();
    const response = await post('/verify-otp', { user_id: userId, otp: '12ab' }, cookie);
    expect(errorBody(response).errors).toEqual({ otp: [SIGNUP_MESSAGES.codeFormat] });
    const noUser = await post('/verify-otp', { otp: '123456' }, cookie);
    expect(errorBody(noUser).errors).toEqual({ user_id: [SIGNUP_MESSAGES.userIdRequired] });
    for (const userId of [-5, 1.5, 'abc', '']) {
      const bad = await post('/verify-otp', { user_id: userId, otp: '123456' }, cookie);
      const expected = userId === '' ? SIGNUP_MESSAGES.userIdRequired : SIGNUP_MESSAGES.userIdInvalid;
      expect(errorBody(bad).errors).toEqual({ user_id: [expected] });
    }
  });
});

describe('personal info and billing', () => {
  it('waits for the code before personal info, and for personal info before billing', async () => {
    const { userId, cookie } = await register();
    const early = await post(
      '/update-personal-info',
      { user_id: userId, first_name: 'Ada', last_name: 'Lovelace' },
      cookie,
    );
    expect(early.statusCode).toBe(403);
    expect(errorBody(early).message).toBe(SIGNUP_MESSAGES.stepNotReady);
  });

  it('saves names and an optional photo sent as multipart, checked by its bytes', async () => {
    const { userId, cookie } = await registerAndVerify();
    const response = await sendPersonalInfoWithPhoto(userId, cookie, PNG_1PX, 'me.jpg', 'image/jpeg');
    expect(response.statusCode).toBe(200);
    const { user } = response.json();
    expect(user).toMatchObject({
      id: userId,
      profile_step: SIGNUP_STEP.personalInfoSaved,
      first_name: 'Ada',
      last_name: 'Lovelace',
    });
    expect(user.logo).toMatch(/^avatars\/[0-9a-f-]{36}\.png$/);
    const image = await t.app.inject({ method: 'GET', url: `/api/files/${user.logo}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG_1PX)).toBe(true);
  });

  it('refuses a photo that is not an image, whatever its name, and one that is too large', async () => {
    const { userId, cookie } = await registerAndVerify();
    const send = (bytes: Buffer) => sendPersonalInfoWithPhoto(userId, cookie, bytes);
    const script = await send(Buffer.from('<script>alert(1)</script>'));
    expect(script.statusCode).toBe(422);
    expect(errorBody(script).errors).toEqual({ logo: [ACCOUNT_MESSAGES.logoNotImage] });
    const huge = await send(Buffer.concat([PNG_1PX, Buffer.alloc(6 * 1024 * 1024)]));
    expect(huge.statusCode).toBe(413);
    expect(errorBody(huge).message).toMatch(/too large/);
  });

  it('gives the documented name messages', async () => {
    const { userId, cookie } = await registerAndVerify();
    const response = await post(
      '/update-personal-info',
      { user_id: userId, first_name: 'A', last_name: 'L0velace' },
      cookie,
    );
    expect(errorBody(response).errors).toEqual({
      first_name: ['First name must be at least 2 characters'],
      last_name: ['Last name must contain only letters'],
    });
  });

  it('finishes sign-up with billing, signs the user in and closes the sign-up steps', async () => {
    const { email, userId, cookie } = await registerAndVerify();
    expect(
      (await post('/update-personal-info', { user_id: userId, first_name: 'Ada', last_name: 'Lovelace' }, cookie))
        .statusCode,
    ).toBe(200);

    const missing = await post('/update-billing-details', { user_id: userId, type: 'company', country: 'de' }, cookie);
    expect(errorBody(missing).errors).toMatchObject({
      business_name: [BILLING_MESSAGES.businessNameRequired],
      tax_id: [BILLING_MESSAGES.taxIdRequired],
      currency: [BILLING_MESSAGES.currencyRequired],
      address: [BILLING_MESSAGES.addressRequired],
      city: [BILLING_MESSAGES.cityRequired],
      state: [BILLING_MESSAGES.stateRequired],
      postal_code: [BILLING_MESSAGES.postalCodeRequired],
    });

    const done = await post('/update-billing-details', { user_id: userId, ...billing }, cookie);
    expect(done.statusCode).toBe(200);
    const body = done.json();
    expect(body.message).toBe(SIGNUP_MESSAGES.accountReady);
    expect(body.billing_detail).toEqual({
      address: 'Hauptstrasse 1',
      city: 'Berlin',
      country: 'de',
      state: 'Berlin',
      postal_code: '10115',
      type: 'company',
      business_name: 'Acme Ads',
      tax_id: 'DE123456',
      currency: 'eur',
      user_id: userId,
    });
    expect(body.user_data).toMatchObject({ id: userId, email, first_name: 'Ada' });
    expect(body.is_first_login).toBe(true);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/customer/current-session',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(session.statusCode).toBe(200);

    // A finished account is never changed through the sign-up steps again.
    const again = await post(
      '/update-personal-info',
      { user_id: userId, first_name: 'Eve', last_name: 'Hacker' },
      cookie,
    );
    expect(again.statusCode).toBe(403);
    // And the account now logs in normally.
    expect((await post('/login', { email, password: PASSWORD })).json().is_first_login).toBe(false);
  });

  it('stores an individual without business fields and with the default currency', async () => {
    const { userId, cookie } = await registerAndVerify();
    await post('/update-personal-info', { user_id: userId, first_name: 'Ada', last_name: 'Lovelace' }, cookie);
    const response = await post(
      '/update-billing-details',
      { ...billing, user_id: userId, type: 'individual', business_name: 'ignored', currency: 'zzz' },
      cookie,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().billing_detail).toMatchObject({
      type: 'individual',
      business_name: null,
      tax_id: null,
      currency: 'usd',
    });
  });
});

describe('resuming an unfinished sign-up', () => {
  it('lets a login for an unfinished account continue where it stopped', async () => {
    const { email, userId } = await register();
    const login = await post('/login', { email, password: PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ registration_status: 'incomplete', user: { id: userId, profile_step: 1 } });
    const otp = await t.latestCode(email);
    expect((await post('/verify-otp', { user_id: userId, otp }, signupCookie(login))).statusCode).toBe(200);
    const later = await post('/login', { email, password: PASSWORD });
    expect(later.json().user.profile_step).toBe(SIGNUP_STEP.emailVerified);
  });

  it('accepts GIF photos too', async () => {
    const { userId, cookie } = await registerAndVerify();
    const response = await sendPersonalInfoWithPhoto(userId, cookie, GIF_1PX, 'a', 'application/octet-stream');
    expect(response.json().user.logo).toMatch(/\.gif$/);
  });
});

describe('GET /api/signup-session', () => {
  const current = (cookie?: string) =>
    t.app.inject({ method: 'GET', url: '/api/signup-session', headers: cookie ? { cookie } : {} });

  it('tells a browser with a sign-up cookie where its sign-up stands, so a reload resumes it', async () => {
    const { email, userId, cookie } = await registerAndVerify();
    const response = await current(cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: SIGNUP_MESSAGES.resume,
      user: { id: userId, email, role_id: 2, profile_step: 2, first_name: null, last_name: null, logo: null },
    });
  });

  it('answers no user, not an error, without a cookie, with an unknown one, and once the account is complete', async () => {
    const none = { message: SIGNUP_MESSAGES.noSignupInProgress, user: null };
    for (const answer of [await current(), await current('portal_signup=not-a-real-token')]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(none);
    }

    const { userId, cookie } = await registerAndVerify();
    await t.database.db.update(users).set({ registrationStep: SIGNUP_STEP.complete }).where(eq(users.id, userId));
    expect((await current(cookie)).json()).toEqual(none);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, ROLE, suspendedMessage, SIGNUP_STEP } from '@portal/contract';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../../db/schema';
import { bearer, createTestApp, errorBody, TEST_PASSWORD, type TestApp } from '../../../test/test-app';
import { SESSION_LIFETIME_MS } from './auth.service';
import { SESSION_CACHE_TTL_MS } from './session-cache';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SUPPORT_EMAIL: 'help@adnet.test' } });
});
afterAll(() => t.close());

const login = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: payload as object, headers });

describe('POST /api/login', () => {
  it('starts a session and answers with the documented fields', async () => {
    const user = await t.createUser({ withBilling: true, firstName: 'Ada', lastName: 'Lovelace' });
    const response = await login(
      { email: user.email, password: TEST_PASSWORD },
      {
        'user-agent':
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
      },
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe(AUTH_MESSAGES.loggedIn);
    expect(body.access_token).toMatch(/^[\w-]{43}$/);
    expect(body.is_first_login).toBe(true);
    expect(body.user_data).toEqual({
      id: user.id,
      email: user.email,
      role_id: ROLE.customer,
      first_name: 'Ada',
      last_name: 'Lovelace',
      logo: null,
      billing_detail: {
        address: '1 Main Street',
        city: 'Springfield',
        country: 'us',
        state: 'Illinois',
        postal_code: '62701',
        type: 'company',
        business_name: 'Acme Ads',
        tax_id: 'TAX-1',
        currency: 'usd',
        user_id: user.id,
      },
    });
    expect(body.session_info).toEqual({
      os: 'Windows 10',
      browser: 'Chrome 124',
      ip: '127.0.0.1',
      city: 'Unknown',
      country: 'Unknown',
    });
  });

  it('reports is_first_login only for the first login', async () => {
    const user = await t.createUser();
    expect((await login({ email: user.email, password: TEST_PASSWORD })).json().is_first_login).toBe(true);
    expect((await login({ email: user.email, password: TEST_PASSWORD })).json().is_first_login).toBe(false);
  });

  it('lower-cases the e-mail before looking it up', async () => {
    const user = await t.createUser();
    const response = await login({ email: `  ${user.email.toUpperCase()} `, password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json().user_data.email).toBe(user.email);
  });

  it('gives an administrator role_id 1 and no billing details', async () => {
    const admin = await t.createUser({ roleId: ROLE.admin });
    const body = (await login({ email: admin.email, password: TEST_PASSWORD })).json();
    expect(body.user_data.role_id).toBe(1);
    expect(body.user_data.billing_detail).toBeNull();
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const user = await t.createUser();
    const wrong = await login({ email: user.email, password: 'Wrong-pass1' });
    const unknown = await login({ email: 'nobody@example.com', password: TEST_PASSWORD });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(errorBody(wrong)).toEqual({ message: AUTH_MESSAGES.invalidCredentials });
    expect(errorBody(unknown)).toEqual(errorBody(wrong));
  });

  it('tells a banned user that the account is suspended, only with the right password', async () => {
    const user = await t.createUser({ status: false });
    const right = await login({ email: user.email, password: TEST_PASSWORD });
    expect(right.statusCode).toBe(403);
    expect(errorBody(right).message).toBe('Your account has been suspended. Contact help@adnet.test.');
    expect(errorBody(right).message).toBe(suspendedMessage('help@adnet.test'));
    const wrong = await login({ email: user.email, password: 'Wrong-pass1' });
    expect(wrong.statusCode).toBe(401);
  });

  it.each([SIGNUP_STEP.accountCreated, SIGNUP_STEP.emailVerified, SIGNUP_STEP.personalInfoSaved])(
    'answers 403 incomplete with profile_step %i for an unfinished sign-up',
    async (step) => {
      const user = await t.createUser({ registrationStep: step, firstName: null, lastName: null });
      const response = await login({ email: user.email, password: TEST_PASSWORD });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        registration_status: 'incomplete',
        message: AUTH_MESSAGES.incompleteRegistration,
        user: {
          id: user.id,
          email: user.email,
          role_id: ROLE.customer,
          profile_step: step,
          first_name: null,
          last_name: null,
          logo: null,
        },
      });
    },
  );

  it('makes a 12-hour session, or a 30-day one with Remember me', async () => {
    const user = await t.createUser();
    const now = t.clock.now().getTime();
    const standard = (await login({ email: user.email, password: TEST_PASSWORD })).json();
    const remembered = (await login({ email: user.email, password: TEST_PASSWORD, remember: true })).json();
    expect(Date.parse(standard.expires_at) - now).toBe(SESSION_LIFETIME_MS.standard);
    expect(Date.parse(remembered.expires_at) - now).toBe(SESSION_LIFETIME_MS.remembered);
  });

  it('never stores the password or the token in clear', async () => {
    const user = await t.createUser();
    const token = await t.login(user.email);
    const [row] = await t.database.db
      .select({ tokenHash: sessions.tokenHash, passwordHash: users.passwordHash })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(users.id, user.id));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});

describe('POST /api/login with bad input', () => {
  const cases: [string, unknown, Record<string, string[]>][] = [
    ['nothing', {}, { email: [AUTH_MESSAGES.emailRequired], password: [AUTH_MESSAGES.passwordRequired] }],
    [
      'empty strings',
      { email: '', password: '' },
      { email: [AUTH_MESSAGES.emailRequired], password: [AUTH_MESSAGES.passwordRequired] },
    ],
    ['a bad e-mail', { email: 'not-an-email', password: 'secret1' }, { email: [AUTH_MESSAGES.emailInvalid] }],
    [
      'a short password',
      { email: 'a@example.com', password: '12345' },
      { password: [AUTH_MESSAGES.loginPasswordTooShort] },
    ],
    [
      'wrong types',
      { email: 42, password: ['x'] },
      { email: ['Email must be text'], password: ['Password must be text'] },
    ],
    [
      'a huge password',
      { email: 'a@example.com', password: 'x'.repeat(300) },
      { password: [AUTH_MESSAGES.passwordTooLong] },
    ],
  ];
  it.each(cases)('answers 422 with field errors for %s', async (_name, payload, errors) => {
    const response = await login(payload);
    expect(response.statusCode).toBe(422);
    expect(errorBody(response)).toEqual({ message: Object.values(errors)[0]![0], errors });
  });

  it('answers 422 when the body is not an object', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(response.statusCode).toBe(422);
    expect(errorBody(response)).toEqual({
      message: 'The request body must be a JSON object or a form',
      errors: { body: ['The request body must be a JSON object or a form'] },
    });
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(errorBody(response)).toEqual({ message: 'The request body is not valid JSON' });
  });

  it('answers 413 for an oversize body', async () => {
    const payload = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(413);
    expect(errorBody(response)).toEqual({ message: 'The request body is too large' });
  });

  it('answers 415 for a content type it does not read', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(response.statusCode).toBe(415);
    expect(errorBody(response).message).toMatch(/content type/);
  });
});

describe('POST /api/login body encodings', () => {
  it('accepts a url-encoded form with the remember flag', async () => {
    const user = await t.createUser();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: user.email, password: TEST_PASSWORD, remember: 'on' }).toString(),
    });
    expect(response.statusCode).toBe(200);
    expect(Date.parse(response.json().expires_at) - t.clock.now().getTime()).toBe(SESSION_LIFETIME_MS.remembered);
  });

  it('accepts multipart form data', async () => {
    const user = await t.createUser();
    const form = new FormData();
    form.append('email', user.email);
    form.append('password', TEST_PASSWORD);
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user_data.id).toBe(user.id);
  });
});

describe('sessions and POST /api/logout', () => {
  const currentSession = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/customer/current-session', headers: bearer(token) });

  it('revokes the session it is called with, and only that one', async () => {
    const user = await t.createUser();
    const first = await t.login(user.email);
    const second = await t.login(user.email);
    const response = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(first) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.loggedOut });
    expect((await currentSession(first)).statusCode).toBe(401);
    expect((await currentSession(second)).statusCode).toBe(200);
    // A revoked token cannot log out twice either.
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(first) })).statusCode).toBe(401);
  });

  it('refuses a request without a token, with a malformed header, or with an unknown token', async () => {
    for (const headers of [{}, { authorization: 'Basic abc' }, { authorization: 'Bearer' }, bearer('made-up-token')]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/logout', headers });
      expect(response.statusCode).toBe(401);
      expect(errorBody(response)).toEqual({ message: AUTH_MESSAGES.unauthenticated });
    }
  });

  it('ends a session when it expires', async () => {
    const user = await t.createUser();
    const token = await t.login(user.email);
    t.clock.advance(SESSION_LIFETIME_MS.standard - 1000);
    expect((await currentSession(token)).statusCode).toBe(200);
    t.clock.advance(2000);
    expect((await currentSession(token)).statusCode).toBe(401);
  });

  it('stops honouring the token of a user banned elsewhere within a second', async () => {
    const user = await t.createUser();
    const token = await t.login(user.email);
    expect((await currentSession(token)).statusCode).toBe(200);
    // Banned straight in the database, as another process would: this one's cached check of
    // the token lasts a second at most (decision 013).
    await t.database.db.update(users).set({ status: false }).where(eq(users.id, user.id));
    t.clock.advance(SESSION_CACHE_TTL_MS);
    expect((await currentSession(token)).statusCode).toBe(401);
  });

  it('refuses a token logged out in this process at once, though its check was cached', async () => {
    const user = await t.createUser();
    const token = await t.login(user.email);
    expect((await currentSession(token)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: `Bearer ${token}` } });
    expect((await currentSession(token)).statusCode).toBe(401);
  });

  it('reports the current session for the My account footer', async () => {
    const user = await t.createUser();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      headers: {
        'user-agent':
          'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      },
    });
    const body = (await currentSession(response.json().access_token)).json();
    expect(body.data).toMatchObject({
      os: 'macOS 14.4',
      browser: 'Safari 17',
      ip: '127.0.0.1',
      city: 'Unknown',
      country: 'Unknown',
    });
    expect(Date.parse(body.data.expires_at)).toBeGreaterThan(Date.parse(body.data.created_at));
  });
});

import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '@portal/contract';
import { memoryLimiterFactory, redisLimiterFactory, type LimiterFactory } from '../../adapters/rate-limit/rate-limiter';
import * as passwords from '../../lib/passwords';
import { bearer, createTestApp, errorBody, TEST_PASSWORD, uniqueEmail, type TestApp } from '../../../test/test-app';
import { LOGIN_LIMITS } from '../credentials/password-tries';
import { RESET_REQUESTS_PER_ADDRESS } from './recovery.service';
import { REGISTRATIONS_PER_ADDRESS } from './signup.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const login = (email: string, password: string, ip = '203.0.113.10') =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: ip });

describe('login limits', () => {
  it('locks an account after 10 failed attempts in 15 minutes, before computing a hash', async () => {
    const user = await t.createUser();
    for (let attempt = 1; attempt <= LOGIN_LIMITS.triesPerAccount.points; attempt++) {
      // Spread over addresses so only the per-account limit can apply.
      expect((await login(user.email, 'Wrong-pass1', `198.51.100.${attempt}`)).statusCode).toBe(401);
    }

    const verify = vi.spyOn(passwords, 'verifyPassword');
    const locked = await login(user.email, TEST_PASSWORD, '198.51.100.50');
    expect(locked.statusCode).toBe(429);
    expect(errorBody(locked)).toEqual({ message: AUTH_MESSAGES.tooManyAttempts });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_LIMITS.triesPerAccount.durationSeconds);
    expect(verify).not.toHaveBeenCalled();
  });

  it('lets the account in again once the window has passed', async () => {
    const user = await t.createUser();
    const attempt = (password: string) => login(user.email, password, '198.51.100.200');
    // The limiter reads the time from Date: the test moves it past the window instead of waiting
    // for a short one, which a busy machine could use up before the tenth attempt.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date() });
    try {
      for (let i = 0; i < LOGIN_LIMITS.triesPerAccount.points; i++) await attempt('Wrong-pass1');
      expect((await attempt(TEST_PASSWORD)).statusCode).toBe(429);
      vi.setSystemTime(Date.now() + (LOGIN_LIMITS.triesPerAccount.durationSeconds - 1) * 1000);
      expect((await attempt(TEST_PASSWORD)).statusCode).toBe(429);
      vi.setSystemTime(Date.now() + 2_000);
      expect((await attempt(TEST_PASSWORD)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not lock other accounts, and a success clears the count', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    for (let attempt = 1; attempt < LOGIN_LIMITS.triesPerAccount.points; attempt++) {
      await login(user.email, 'Wrong-pass1', `192.0.2.${attempt}`);
    }
    expect((await login(user.email, TEST_PASSWORD, '192.0.2.100')).statusCode).toBe(200);
    expect((await login(user.email, 'Wrong-pass1', '192.0.2.101')).statusCode).toBe(401);
    expect((await login(other.email, TEST_PASSWORD, '192.0.2.102')).statusCode).toBe(200);
  });

  it('limits one address to 50 login requests a minute, whatever the accounts', async () => {
    const ip = '203.0.113.77';
    const verify = vi.spyOn(passwords, 'verifyAgainstDummy').mockResolvedValue(false);
    for (let request = 1; request <= LOGIN_LIMITS.requestsPerAddress.points; request++) {
      expect((await login(uniqueEmail('flood'), 'Wrong-pass1', ip)).statusCode).toBe(401);
    }
    expect(verify).toHaveBeenCalledTimes(LOGIN_LIMITS.requestsPerAddress.points);
    const limited = await login(uniqueEmail('flood'), 'Wrong-pass1', ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(verify).toHaveBeenCalledTimes(LOGIN_LIMITS.requestsPerAddress.points);
    // Another address is unaffected.
    expect((await login(uniqueEmail('flood'), 'Wrong-pass1', '203.0.113.78')).statusCode).toBe(401);
  });
});

const redis = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL) : undefined;
afterAll(() => redis?.disconnect());

// Every Redis-backed app gets its own key names, so runs and files never share counters.
const limiters: [string, LimiterFactory | undefined][] = [
  ['in memory', memoryLimiterFactory],
  [
    'in Redis',
    redis && ((options) => redisLimiterFactory(redis)({ ...options, name: `${options.name}-${randomUUID()}` })),
  ],
];

describe.each(limiters)('password tries sent in parallel, counted %s', (_name, limiterFactory) => {
  let p: TestApp;
  beforeAll(async () => {
    if (limiterFactory) p = await createTestApp({ limiterFactory });
  });
  afterAll(() => p?.close());

  const guesses = (count: number, rightAt?: number) =>
    Array.from({ length: count }, (_, index) => (index === rightAt ? TEST_PASSWORD : `Wrong-guess-${index}`));
  const from = (index: number) => `198.18.${Math.floor(index / 200)}.${(index % 200) + 1}`;
  /** Sends every password at once, each from its own address (offset by `firstAddress`). */
  const sendAtOnce = (email: string, passwords: string[], firstAddress = 0) =>
    Promise.all(
      passwords.map((password, index) =>
        p.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email, password },
          remoteAddress: from(firstAddress + index),
        }),
      ),
    );

  it.skipIf(!limiterFactory)('checks at most 10 passwords of one account, however many arrive at once', async () => {
    const user = await p.createUser();
    const verify = vi.spyOn(passwords, 'verifyPassword');
    const answers = await sendAtOnce(user.email, guesses(45));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_LIMITS.triesPerAccount.points);
    expect(statuses.filter((status) => status === 429)).toHaveLength(45 - LOGIN_LIMITS.triesPerAccount.points);
    expect(verify).toHaveBeenCalledTimes(LOGIN_LIMITS.triesPerAccount.points);
  });

  it.skipIf(!limiterFactory)('lets the right password in only if it is among the first 10 tries', async () => {
    const user = await p.createUser();
    // Ten wrong guesses land first; the right password, sent with 30 more, finds no tries left.
    await sendAtOnce(user.email, guesses(10));
    const answers = await sendAtOnce(user.email, guesses(31, 15), 100);
    expect(answers.every((answer) => answer.statusCode === 429)).toBe(true);
  });
});

describe('register on an unfinished account', () => {
  const register = (email: string, password: string, ip = '203.0.113.90') =>
    t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email, password, password_confirmation: password },
      remoteAddress: ip,
    });

  it('shares the login limits of that account: no more than 10 password guesses', async () => {
    const user = await t.createUser({ registrationStep: 1 });
    for (let attempt = 1; attempt <= LOGIN_LIMITS.triesPerAccount.points; attempt++) {
      expect((await register(user.email, `Wrong-guess-${attempt}A`, `198.51.100.${attempt}`)).statusCode).toBe(409);
    }
    const verify = vi.spyOn(passwords, 'verifyPassword');
    expect((await register(user.email, TEST_PASSWORD, '198.51.100.90')).statusCode).toBe(429);
    // The same account's login is locked by those guesses too.
    expect((await login(user.email, TEST_PASSWORD, '198.51.100.91')).statusCode).toBe(429);
    expect(verify).not.toHaveBeenCalled();
  });

  it('is refused while login answers 429 for the account', async () => {
    const user = await t.createUser({ registrationStep: 2 });
    for (let attempt = 1; attempt <= LOGIN_LIMITS.triesPerAccount.points; attempt++) {
      await login(user.email, 'Wrong-pass1', `198.51.101.${attempt}`);
    }
    const answer = await register(user.email, TEST_PASSWORD, '198.51.101.90');
    expect(answer.statusCode).toBe(429);
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('per-address limits on sign-up and password recovery', () => {
  it(`allows ${REGISTRATIONS_PER_ADDRESS.points} registrations per address an hour, then 429 with Retry-After`, async () => {
    const ip = '203.0.113.120';
    for (let request = 1; request <= REGISTRATIONS_PER_ADDRESS.points; request++) {
      const email = uniqueEmail('many');
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { email, password: 'Sunny-Day-42', password_confirmation: 'Sunny-Day-42' },
        remoteAddress: ip,
      });
      expect(answer.statusCode).toBe(200);
    }
    const limited = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: uniqueEmail('many'), password: 'Sunny-Day-42', password_confirmation: 'Sunny-Day-42' },
      remoteAddress: ip,
    });
    expect(limited.statusCode).toBe(429);
    expect(errorBody(limited)).toEqual({ message: AUTH_MESSAGES.tooManyRequests });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(REGISTRATIONS_PER_ADDRESS.durationSeconds - 120);
    expect(retryAfter).toBeLessThanOrEqual(REGISTRATIONS_PER_ADDRESS.durationSeconds);
  });

  it(`allows ${RESET_REQUESTS_PER_ADDRESS.points} forgot-password requests per address an hour, then 429`, async () => {
    const ip = '203.0.113.121';
    const forgot = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email }, remoteAddress: ip });
    for (let request = 1; request <= RESET_REQUESTS_PER_ADDRESS.points; request++) {
      expect((await forgot(uniqueEmail('forgot'))).statusCode).toBe(200);
    }
    const limited = await forgot(uniqueEmail('forgot'));
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('change-password', () => {
  it('checks the current password under the account limit', async () => {
    const user = await t.createUser();
    const token = await t.login(user.email);
    const change = (current: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/customer/change-password',
        headers: bearer(token),
        payload: { current_password: current, new_password: 'Brand-New-77', new_password_confirmation: 'Brand-New-77' },
        remoteAddress: '203.0.113.130',
      });
    for (let attempt = 1; attempt <= LOGIN_LIMITS.triesPerAccount.points; attempt++) {
      expect((await change(`Wrong-guess-${attempt}A`)).statusCode).toBe(422);
    }
    const verify = vi.spyOn(passwords, 'verifyPassword');
    expect((await change(TEST_PASSWORD)).statusCode).toBe(429);
    expect(verify).not.toHaveBeenCalled();
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '@portal/contract';
import { memoryLimiterFactory } from '../../adapters/rate-limit/rate-limiter';
import * as passwords from '../../lib/passwords';
import { createTestApp, errorBody, TEST_PASSWORD, uniqueEmail, type TestApp } from '../../../test/test-app';
import { LOGIN_LIMITS } from './auth.service';

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
    for (let attempt = 1; attempt <= LOGIN_LIMITS.failedPerAccount.points; attempt++) {
      // Spread over addresses so only the per-account limit can apply.
      expect((await login(user.email, 'Wrong-pass1', `198.51.100.${attempt}`)).statusCode).toBe(401);
    }

    const verify = vi.spyOn(passwords, 'verifyPassword');
    const locked = await login(user.email, TEST_PASSWORD, '198.51.100.50');
    expect(locked.statusCode).toBe(429);
    expect(errorBody(locked)).toEqual({ message: AUTH_MESSAGES.tooManyAttempts });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_LIMITS.failedPerAccount.durationSeconds);
    expect(verify).not.toHaveBeenCalled();
  });

  it('lets the account in again once the window has passed', async () => {
    // The same rules with a one-second window, so the test can wait it out for real.
    const short = await createTestApp({
      limiterFactory: (options) => memoryLimiterFactory({ ...options, durationSeconds: 1 }),
    });
    try {
      const user = await short.createUser();
      const attempt = (password: string) =>
        short.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password } });
      for (let i = 0; i < LOGIN_LIMITS.failedPerAccount.points; i++) await attempt('Wrong-pass1');
      expect((await attempt(TEST_PASSWORD)).statusCode).toBe(429);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await attempt(TEST_PASSWORD)).statusCode).toBe(200);
    } finally {
      await short.close();
    }
  });

  it('does not lock other accounts, and a success clears the count', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    for (let attempt = 1; attempt < LOGIN_LIMITS.failedPerAccount.points; attempt++) {
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

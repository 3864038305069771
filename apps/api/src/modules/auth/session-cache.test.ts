import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache';

describe('the session cache', () => {
  const at = (ms: number) => new Date(Date.UTC(2026, 10, 23) + ms);
  const entry = (sessionId: string, userId: number, expiresAt = at(60_000)) => ({
    row: { sessionId },
    sessionId,
    userId,
    expiresAt,
  });

  it('keeps an entry for a second at most, and never past the session itself', () => {
    const cache = new SessionCache<{ sessionId: string }>(1000);
    cache.set('a', entry('s1', 1), at(0));
    expect(cache.get('a', at(999))).toEqual({ sessionId: 's1' });
    expect(cache.get('a', at(1000))).toBeUndefined();
    cache.set('b', entry('s2', 1, at(500)), at(0));
    expect(cache.get('b', at(500))).toBeUndefined();
  });

  it('forgets a session, or every session of a user, at once', () => {
    const cache = new SessionCache<{ sessionId: string }>(1000);
    cache.set('a', entry('s1', 1), at(0));
    cache.set('b', entry('s2', 1), at(0));
    cache.set('c', entry('s3', 2), at(0));
    cache.forgetSession('s1');
    expect(cache.get('a', at(1))).toBeUndefined();
    expect(cache.get('b', at(1))).toBeDefined();
    cache.forgetUser(1);
    expect(cache.get('b', at(1))).toBeUndefined();
    expect(cache.get('c', at(1))).toBeDefined();
  });
});

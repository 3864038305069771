import { ROLE } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { loginResponse } from '@/test/fixtures';
import { isSignedIn, SESSION_KEYS, sessionStore } from './session-store';

describe('sessionStore', () => {
  it('persists the session under the documented keys', () => {
    sessionStore.signIn(loginResponse({ role_id: ROLE.admin, token: 'tok' }));
    expect(window.localStorage.getItem('authToken')).toBe('tok');
    expect(window.localStorage.getItem('user_id')).toBe('7');
    expect(window.localStorage.getItem('is_first_login')).toBe('false');
    expect(JSON.parse(window.localStorage.getItem('sessionInfo') ?? 'null')).toMatchObject({ city: 'Berlin' });
    expect(JSON.parse(window.localStorage.getItem(SESSION_KEYS.user) ?? 'null')).toEqual({
      user: { id: 7, email: 'ann@example.com', type: ROLE.admin },
      personalInfo: { firstName: 'Ann', lastName: 'Lee', image: null },
      billingInfo: null,
    });
  });

  it('keeps the sign-up step in memory only', () => {
    sessionStore.setSignupStep(3);
    expect(sessionStore.getState().signupStep).toBe(3);
    expect(Object.values(window.localStorage).some((value) => value.includes('signupStep'))).toBe(false);
  });

  it('reads back what it stored, as another tab or a reload would', () => {
    sessionStore.signIn(loginResponse({ token: 'tok' }));
    sessionStore.reload();
    expect(isSignedIn(sessionStore.getState())).toBe(true);
    expect(sessionStore.getState().user?.email).toBe('ann@example.com');
  });

  it('treats a tampered user slice as signed out instead of crashing', () => {
    window.localStorage.setItem('authToken', 'tok');
    window.localStorage.setItem(SESSION_KEYS.user, '{"user":{"id":"seven"}}');
    sessionStore.reload();
    expect(sessionStore.getState().user).toBeNull();
    expect(isSignedIn(sessionStore.getState())).toBe(false);
  });

  it('clears every key on logout', () => {
    sessionStore.signIn(loginResponse());
    sessionStore.clear();
    for (const key of Object.values(SESSION_KEYS)) expect(window.localStorage.getItem(key)).toBeNull();
  });
});

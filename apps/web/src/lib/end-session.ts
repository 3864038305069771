import { modals } from '@mantine/modals';
import { sessionStore } from '@/stores/session-store';
import { queryClient } from './query-client';

// Kept for the one next visit of the login page in this tab, and read there once.
const SESSION_ENDED_KEY = 'portal.sessionEnded';

/**
 * Logout, and the forced logout after a 401 (docs/product/accounts.md, Sessions): the session
 * and every cached answer go, so nothing of this user shows to the next one, any open dialog
 * closes, and the user lands on the login page. `ended` (the server ended the session: it
 * expired, was revoked or the user was banned) makes the login page say so once, and the page's
 * guard sends the user there with `?redirect=` to come back after logging in again; a user who
 * chose to log out lands on the plain login page instead.
 */
export function endSession({ ended = false }: { ended?: boolean } = {}): void {
  if (ended) {
    try {
      window.sessionStorage.setItem(SESSION_ENDED_KEY, '1');
    } catch {
      // Storage unavailable: the user still lands on the login page, only without the notice.
    }
  }
  // The page's guard sends the user to the login page (guards.tsx): with the way back to this
  // page when the session ended, without it when the user chose to log out.
  sessionStore.clear({ loggedOut: !ended });
  queryClient.clear();
  modals.closeAll();
}

/** Whether the login page should say that the session ended; `forget` makes it the only time. */
export const sessionEndedNotice = {
  pending(): boolean {
    try {
      return window.sessionStorage.getItem(SESSION_ENDED_KEY) === '1';
    } catch {
      return false;
    }
  },
  forget(): void {
    try {
      window.sessionStorage.removeItem(SESSION_ENDED_KEY);
    } catch {
      // Nothing stored, nothing to forget.
    }
  },
};

import { modals } from '@mantine/modals';
import { sessionStore } from '@/stores/session-store';
import { navigate } from './navigation';
import { queryClient } from './query-client';

/**
 * Logout and the forced logout after a 401 (section 4): the session and every cached answer
 * go, so nothing of this user shows to the next one, any open dialog closes, and the user
 * lands on the login page.
 */
export function endSession(): void {
  sessionStore.clear();
  queryClient.clear();
  modals.closeAll();
  navigate('/', { replace: true });
}

import { storage } from '@/lib/storage';
import type { SessionState } from '@/stores/session-store';

/** The per-user flag documented in docs/product/accounts.md's stored keys: one user's viewing says nothing about another's. */
const welcomeVideoKey = (userId: number) => `welcomeVideoShown:${userId}`;

/** docs/product/accounts.md: once per user, when the stored first-login flag is set and it was not shown yet. */
export function shouldShowWelcomeVideo(state: Pick<SessionState, 'isFirstLogin' | 'userId'>): boolean {
  return state.isFirstLogin && state.userId !== null && storage.get(welcomeVideoKey(state.userId)) === null;
}

export function markWelcomeVideoShown(userId: number): void {
  storage.set(welcomeVideoKey(userId), 'true');
}

/** A file the browser plays itself; anything else (a YouTube or Vimeo page) goes in a frame. */
export function isVideoFile(url: string): boolean {
  const path = url.split(/[?#]/)[0] ?? '';
  return /\.(mp4|webm|ogv|ogg|mov|m4v)$/i.test(path);
}

import { storage } from '@/lib/storage';

/**
 * Remember me keeps the e-mail and the ticked box, never the password (docs/product/accounts.md,
 * "Deliberate departures"): the browser's password manager remembers passwords.
 */
export const REMEMBER_ME_KEYS = { email: 'rememberedEmail', checked: 'rememberMe' } as const;

export function readRememberedEmail(): string | null {
  if (storage.get(REMEMBER_ME_KEYS.checked) !== 'true') return null;
  return storage.get(REMEMBER_ME_KEYS.email) || null;
}

export function rememberEmail(email: string): void {
  storage.set(REMEMBER_ME_KEYS.email, email);
  storage.set(REMEMBER_ME_KEYS.checked, 'true');
}

export function forgetRememberedEmail(): void {
  storage.set(REMEMBER_ME_KEYS.email, null);
  storage.set(REMEMBER_ME_KEYS.checked, null);
}

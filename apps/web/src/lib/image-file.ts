import { ACCOUNT_MESSAGES } from '@portal/contract';

/** docs/product/accounts.md: profile photos up to 5 MB; the server checks the bytes, this only saves a trip. */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const PHOTO_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/** The contract's message for a photo that cannot be sent, or null when it may go. */
export function photoProblem(file: File): string | null {
  if (!PHOTO_ACCEPT.split(',').includes(file.type)) return ACCOUNT_MESSAGES.logoNotImage;
  if (file.size > MAX_PHOTO_BYTES) return ACCOUNT_MESSAGES.logoTooLarge;
  return null;
}

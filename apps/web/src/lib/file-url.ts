import { settings } from '@/config/settings';

/**
 * Where a stored file (a user's `logo`) is shown from: the storage base plus the relative path
 * the API answers (docs/product/accounts.md). A full address, or a local preview (blob:, data:), stays as it is.
 */
export function fileUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^(https?:|blob:|data:)/i.test(path)) return path;
  return `${settings.storageBaseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { ACCOUNT_MESSAGES } from '@portal/contract';
import type { FileStorage } from '../../adapters/storage/storage';
import { HttpError } from '../../lib/http-errors';

/** Profile pictures are accepted by what their bytes are, never by their name or declared type. */
const ACCEPTED_IMAGES: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

export const AVATAR_FOLDER = 'avatars';

/** The largest profile picture, as the multipart limit of the routes that take one. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** Stores profile pictures through the storage adapter, under keys the API makes. */
export class AvatarStore {
  constructor(private readonly storage: FileStorage) {}

  /** Checks and stores a new picture, removes the one it replaces, and returns the new key. */
  async replace(previousKey: string | null, bytes: Buffer): Promise<string> {
    const type = await fileTypeFromBuffer(bytes);
    const extension = type && ACCEPTED_IMAGES[type.mime];
    if (!type || !extension) {
      throw new HttpError(422, ACCOUNT_MESSAGES.logoNotImage, { errors: { logo: [ACCOUNT_MESSAGES.logoNotImage] } });
    }
    const key = `${AVATAR_FOLDER}/${randomUUID()}.${extension}`;
    await this.storage.put(key, bytes, type.mime);
    if (previousKey) await this.storage.delete(previousKey).catch(() => undefined);
    return key;
  }
}

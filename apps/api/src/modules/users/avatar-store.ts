import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { ACCOUNT_MESSAGES, isProfilePictureType, PROFILE_PICTURE, type ProfilePictureType } from '@portal/contract';
import type { FileStorage } from '../../adapters/storage/storage';
import { HttpError } from '../../lib/http-errors';

const EXTENSIONS: Record<ProfilePictureType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** Stores profile pictures through the storage adapter, under keys the API makes. */
export class AvatarStore {
  constructor(private readonly storage: FileStorage) {}

  /** Checks and stores a new picture, removes the one it replaces, and returns the new key. */
  async replace(previousKey: string | null, bytes: Buffer): Promise<string> {
    // Accepted by what the bytes are, never by the file's name or declared type.
    const type = await fileTypeFromBuffer(bytes);
    if (!type || !isProfilePictureType(type.mime)) {
      throw new HttpError(422, ACCOUNT_MESSAGES.logoNotImage, { errors: { logo: [ACCOUNT_MESSAGES.logoNotImage] } });
    }
    const key = `${PROFILE_PICTURE.folder}/${randomUUID()}.${EXTENSIONS[type.mime]}`;
    await this.storage.put(key, bytes, type.mime);
    if (previousKey) await this.storage.delete(previousKey).catch(() => undefined);
    return key;
  }
}

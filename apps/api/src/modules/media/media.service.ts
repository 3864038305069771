import { randomUUID } from 'node:crypto';
import { extensionOf, isMediaExtension, MEDIA_LIMITS, MEDIA_MESSAGES, MEDIA_TYPES, maxBytesOf } from '@portal/contract';
import type { FileStorage } from '../../adapters/storage/storage';
import type { DataAccess } from '../../db/repositories';
import type { Clock } from '../../lib/clock';
import { fieldError, HttpError, notFound } from '../../lib/http-errors';
import type { Principal } from '../auth/auth.service';

/** The storage folder of campaign files; which customer owns a file is recorded in media_files. */
export const MEDIA_FOLDER = 'media';

export interface UploadUrlRequest {
  file_name: string;
  file_type: string;
  file_size: number;
}

/** Campaign files (docs/product/campaigns.md, Media): issuing upload and view addresses, deleting. */
export class MediaService {
  constructor(private readonly options: { data: DataAccess; clock: Clock; storage: FileStorage }) {}

  /**
   * Checks what the customer means to upload and issues an address for exactly that: a new
   * key, recorded as theirs, bound to the declared type and size, for 15 minutes.
   */
  async issueUploadUrl(principal: Principal, request: UploadUrlRequest) {
    const extension = extensionOf(request.file_name);
    if (!isMediaExtension(extension)) throw fieldError(422, 'file_name', MEDIA_MESSAGES.typeNotAllowed);
    const { contentType, kind } = MEDIA_TYPES[extension];
    if (request.file_type.trim().toLowerCase() !== contentType) {
      throw fieldError(422, 'file_type', MEDIA_MESSAGES.typeNotAllowed);
    }
    if (request.file_size > maxBytesOf(kind)) {
      throw fieldError(
        413,
        'file_size',
        kind === 'image' ? MEDIA_MESSAGES.imageTooLarge : MEDIA_MESSAGES.videoTooLarge,
      );
    }

    const { data, clock, storage } = this.options;
    const key = `${MEDIA_FOLDER}/${randomUUID()}.${extension}`;
    const target = await storage.createUploadUrl(key, {
      contentType,
      size: request.file_size,
      expiresInSeconds: MEDIA_LIMITS.uploadUrlSeconds,
    });
    await data.repos.media.recordIssued({
      key,
      userId: principal.userId,
      fileName: request.file_name,
      contentType,
      size: request.file_size,
      issuedAt: clock.now(),
    });
    return {
      key,
      url: target.url,
      file_name: request.file_name,
      headers: target.headers,
      expires_at: target.expiresAt.toISOString(),
    };
  }

  /** A view address for one of the caller's files; another's key is not found. */
  async issueViewUrl(principal: Principal, key: string) {
    const found = await this.options.data.repos.media.findOwned(principal.userId, key);
    if (!found) throw notFound(MEDIA_MESSAGES.notFound);
    const expiresAt = new Date(this.options.clock.now().getTime() + MEDIA_LIMITS.viewUrlSeconds * 1000);
    const url = await this.options.storage.createViewUrl(key, { expiresInSeconds: MEDIA_LIMITS.viewUrlSeconds });
    return { url, expires_at: expiresAt.toISOString() };
  }

  /** Deletes one of the caller's files, unless a submitted campaign uses it. */
  async delete(principal: Principal, key: string): Promise<void> {
    const { data, storage } = this.options;
    const found = await data.repos.media.findOwned(principal.userId, key);
    if (!found) throw notFound(MEDIA_MESSAGES.notFound);
    if (found.campaignStatus && found.campaignStatus !== 'draft') {
      throw new HttpError(409, MEDIA_MESSAGES.attachedToSubmitted);
    }
    await storage.delete(key);
    await data.repos.media.delete(found.file.id);
  }
}

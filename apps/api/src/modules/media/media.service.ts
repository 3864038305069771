import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import {
  CUSTOMER_QUOTAS,
  extensionOf,
  isAdminRole,
  isMediaExtension,
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  MEDIA_TYPES,
  maxBytesOf,
  QUOTA_MESSAGES,
} from '@portal/contract';
import type { FileStorage } from '../../adapters/storage/storage';
import type { DataAccess } from '../../db/transactor';
import type { AdvertiserRepository } from '../advertisers';
import type { MediaRepository } from './media.repository';
import type { Clock } from '../../lib/clock';
import { fieldError, HttpError, notFound, tooManyRequests } from '../../lib/http-errors';
import type { AdvertiserPrincipal, Principal } from '../../lib/principal';
import type { JobDefinition } from '../../lib/job-runner';
import { readMediaFacts, toMediaMetadata } from './media-metadata';

/** Enough of a file's start for file-type to tell PNG, JPEG, WebP and MP4 apart. */
const CONTENT_SNIFF_BYTES = 4100;

/** The storage folder of campaign files; which customer owns a file is recorded in media_files. */
const MEDIA_FOLDER = 'media';

export interface UploadUrlRequest {
  file_name: string;
  file_type: string;
  file_size: number;
}

/** docs/product/campaigns.md, Drafts: a file never attached to a campaign is removed after this long. */
export const UNATTACHED_FILE_LIFETIME_MS = 7 * 24 * 60 * 60_000;
export const UNATTACHED_CLEANUP_JOB = 'media.unattached.cleanup';
/** Files removed per run at most, so one run stays short; the next hour takes the rest. */
const CLEANUP_BATCH = 500;

/** The tables of campaign files: the files, and the owner's row their quota checks lock. */
export interface MediaRepositories {
  media: MediaRepository;
  advertisers: AdvertiserRepository;
}

/** Hourly, in one process at a time (the job's advisory lock). */
export const mediaJobs = (media: MediaService): JobDefinition[] => [
  { name: UNATTACHED_CLEANUP_JOB, everyMs: 60 * 60_000, run: () => media.removeUnattachedFiles() },
];

/** Campaign files (docs/product/campaigns.md, Media): issuing upload and view addresses, deleting. */
export class MediaService {
  constructor(private readonly options: { data: DataAccess<MediaRepositories>; clock: Clock; storage: FileStorage }) {}

  /**
   * Checks what the customer means to upload and issues an address for exactly that: a new
   * key, recorded as theirs, bound to the declared type and size, for 15 minutes. The declared
   * size counts against the storage quota from now on, and the address against the uploads
   * waiting to be saved until a campaign takes the file or the address expires.
   */
  async issueUploadUrl(principal: AdvertiserPrincipal, request: UploadUrlRequest) {
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
    await data.withTransaction(async (repos) => {
      // The customer's quota checks run one at a time (decision 023): of parallel requests,
      // each sees what the ones before it took.
      await repos.advertisers.lock(principal.advertiser.id);
      const now = clock.now();
      const lifetimeMs = MEDIA_LIMITS.uploadUrlSeconds * 1000;
      const usage = await repos.media.usage(principal.advertiser.id, new Date(now.getTime() - lifetimeMs));
      if (usage.pendingUploads >= CUSTOMER_QUOTAS.pendingUploads) {
        // Room comes back when the oldest waiting address expires, if nothing is saved before.
        const oldest = usage.oldestPending ?? now;
        const retryAfterSeconds = Math.max(1, Math.ceil((oldest.getTime() + lifetimeMs - now.getTime()) / 1000));
        throw tooManyRequests(QUOTA_MESSAGES.pendingUploads(Math.ceil(retryAfterSeconds / 60)), retryAfterSeconds);
      }
      const bytesLeft = Math.max(0, CUSTOMER_QUOTAS.storedBytes - usage.storedBytes);
      if (request.file_size > bytesLeft) throw new HttpError(409, QUOTA_MESSAGES.storedBytes(bytesLeft));
      await repos.media.recordIssued({
        key,
        advertiserId: principal.advertiser.id,
        fileName: request.file_name,
        contentType,
        size: request.file_size,
        issuedAt: now,
      });
    });
    return {
      key,
      url: target.url,
      file_name: request.file_name,
      headers: target.headers,
      expires_at: target.expiresAt.toISOString(),
    };
  }

  /**
   * A view address for one of the caller's files, or, for an administrator, a file of any
   * submitted campaign; any other key is not found.
   */
  async issueViewUrl(principal: Principal, key: string) {
    const { media } = this.options.data.repos;
    const visible = isAdminRole(principal.roleId)
      ? await media.isOfSubmittedCampaign(key)
      : principal.advertiser !== undefined && Boolean(await media.findOwned(principal.advertiser.id, key));
    if (!visible) throw notFound(MEDIA_MESSAGES.notFound);
    const expiresAt = new Date(this.options.clock.now().getTime() + MEDIA_LIMITS.viewUrlSeconds * 1000);
    const url = await this.options.storage.createViewUrl(key, { expiresInSeconds: MEDIA_LIMITS.viewUrlSeconds });
    return { url, expires_at: expiresAt.toISOString() };
  }

  /** Deletes one of the caller's files, unless a submitted campaign uses it. */
  async delete(principal: AdvertiserPrincipal, key: string): Promise<void> {
    await this.options.data.withTransaction(async (repos) => {
      const found = await repos.media.findOwned(principal.advertiser.id, key);
      if (!found) throw notFound(MEDIA_MESSAGES.notFound);
      if (found.campaignStatus && found.campaignStatus !== 'draft') {
        throw new HttpError(409, MEDIA_MESSAGES.attachedToSubmitted);
      }
      await this.removeFiles(repos, [found.file.id]);
    });
  }

  /**
   * Checks files the caller is about to attach: each issued to them (else 404, as a key that
   * does not exist), uploaded (else 422), and holding what was declared: the size, and first
   * bytes of that type. A file that fails the content check is deleted (422).
   */
  async verifyUploads(principal: AdvertiserPrincipal, keys: string[]): Promise<void> {
    for (const [index, key] of keys.entries()) await this.checkUpload(principal, key, `campaign_content.${index}`);
  }

  /**
   * The checks of `verifyUploads` for one file, right after its upload (the wizard asks, so a
   * file with the wrong bytes is refused on its own tile, not later when the ad is saved).
   * `field` names the file in a 4xx answer's field errors.
   */
  async checkUpload(principal: AdvertiserPrincipal, key: string, field = 's3_key') {
    const { data, storage, clock } = this.options;
    const found = await data.repos.media.findOwned(principal.advertiser.id, key);
    if (!found) throw fieldError(404, field, MEDIA_MESSAGES.notFound);
    const stored = await storage.head(key);
    if (!stored) throw fieldError(422, field, MEDIA_MESSAGES.notUploaded);
    const start = await storage.readStart(key, CONTENT_SNIFF_BYTES);
    const type = start && (await fileTypeFromBuffer(start));
    if (stored.size !== found.file.size || type?.mime !== found.file.contentType) {
      await data.withTransaction((repos) => this.removeFiles(repos, [found.file.id]));
      throw fieldError(422, field, MEDIA_MESSAGES.contentMismatch);
    }
    if (found.file.metadataReadAt) return toMediaMetadata(found.file);
    // The dimensions (and a video's duration) from the file's own bytes, for the checks before
    // review (docs/product/campaigns.md, Media): a file whose size cannot be read is refused.
    const facts = await readMediaFacts(storage, found.file);
    if (!facts) {
      await data.withTransaction((repos) => this.removeFiles(repos, [found.file.id]));
      throw fieldError(422, field, MEDIA_MESSAGES.unreadable);
    }
    await data.repos.media.recordFacts(key, facts, clock.now());
    return toMediaMetadata({ ...found.file, ...facts, metadataReadAt: clock.now() });
  }

  /**
   * Reads the metadata of the campaign's files that have none yet: files uploaded before the
   * checks before review. One that cannot be read is kept as unreadable, which the checks warn
   * of (docs/product/campaigns.md, Checks before review), rather than refused after the fact.
   */
  async readMissingMetadata(principal: AdvertiserPrincipal, campaignId: number): Promise<void> {
    const { data, storage, clock } = this.options;
    for (const file of await data.repos.media.unreadOfCampaign(principal.advertiser.id, campaignId)) {
      const facts = await readMediaFacts(storage, file).catch(() => null);
      await data.repos.media.recordFacts(file.key, facts, clock.now());
    }
  }

  /**
   * A view address for a file whose access has been checked by the caller, for an hour unless
   * it says otherwise (a shared preview's files are viewed for less: decision 034).
   */
  viewUrlOf(key: string, expiresInSeconds: number = MEDIA_LIMITS.viewUrlSeconds): Promise<string> {
    return this.options.storage.createViewUrl(key, { expiresInSeconds });
  }

  /**
   * Removes files issued more than 7 days ago and never attached to a campaign (uploads the
   * wizard left behind); resolves with how many.
   */
  async removeUnattachedFiles(): Promise<number> {
    const before = new Date(this.options.clock.now().getTime() - UNATTACHED_FILE_LIFETIME_MS);
    return this.options.data.withTransaction(async (repos) => {
      const ids = await repos.media.unattachedIssuedBefore(before, CLEANUP_BATCH);
      await this.removeFiles(repos, ids);
      return ids.length;
    });
  }

  /**
   * Removes file records and the stored objects no record names any more (a key that
   * duplicates share stays until its last record goes), in the caller's transaction (a
   * cancelled draft's deletion). The objects are deleted before that transaction commits: if
   * storage fails, the records stay and the removal can be tried again.
   */
  async removeFiles(repos: { media: MediaRepository }, fileIds: number[]): Promise<void> {
    const unused = await repos.media.release(fileIds);
    for (const key of unused) await this.options.storage.delete(key);
  }
}

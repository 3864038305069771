import { z } from 'zod';
import { messageResponseSchema, textField } from '../common/common.schemas';
import { defineEndpoints } from '../common/endpoint';

const MB = 1024 * 1024;

/** docs/product/campaigns.md, Media: what a campaign file may be. */
export const MEDIA_TYPES = {
  png: { contentType: 'image/png', kind: 'image' },
  jpg: { contentType: 'image/jpeg', kind: 'image' },
  jpeg: { contentType: 'image/jpeg', kind: 'image' },
  webp: { contentType: 'image/webp', kind: 'image' },
  mp4: { contentType: 'video/mp4', kind: 'video' },
} as const;
export type MediaExtension = keyof typeof MEDIA_TYPES;

export const MEDIA_LIMITS = {
  imageMaxBytes: 20 * MB,
  videoMaxBytes: 2 * 1024 * MB,
  filesPerCampaign: 20,
  fileNameMaxLength: 255,
  /** An upload address works this long after it is issued. */
  uploadUrlSeconds: 15 * 60,
  /** A view address works this long. */
  viewUrlSeconds: 60 * 60,
} as const;

export const MEDIA_MESSAGES = {
  typeNotAllowed: 'Only .png, .jpg, .jpeg and .webp images and .mp4 videos are accepted',
  imageTooLarge: 'Images must be at most 20 MB',
  videoTooLarge: 'Videos must be at most 2 GB',
  contentMismatch: "The file's content does not match its extension",
  notUploaded: 'The file has not been uploaded',
  checked: 'The file was uploaded and checked',
  tooManyFiles: 'You can only add up to 20 media files',
  fileNameRequired: 'The file name is required',
  fileNameTooLong: 'The file name must be at most 255 characters',
  fileSizeInvalid: 'The file size must be a whole number of bytes above 0',
  keyRequired: 'The file key is required',
  notFound: 'No such file',
  attachedToSubmitted: 'This file belongs to a submitted campaign and cannot be deleted',
  deleted: 'Deleted successfully',
} as const;

/** The extension of a file name, lower case, or '' when it has none. */
export const extensionOf = (fileName: string) => /\.([^./\\]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';

export const isMediaExtension = (extension: string): extension is MediaExtension =>
  Object.hasOwn(MEDIA_TYPES, extension);

/** The size limit for a kind of file. */
export const maxBytesOf = (kind: 'image' | 'video') =>
  kind === 'image' ? MEDIA_LIMITS.imageMaxBytes : MEDIA_LIMITS.videoMaxBytes;

export const uploadUrlRequestSchema = z
  .object({
    file_name: textField(
      'The file name',
      MEDIA_MESSAGES.fileNameRequired,
      z
        .string()
        .trim()
        .min(1, { error: MEDIA_MESSAGES.fileNameRequired, abort: true })
        .max(MEDIA_LIMITS.fileNameMaxLength, { error: MEDIA_MESSAGES.fileNameTooLong }),
    ),
    file_type: textField('The file type', MEDIA_MESSAGES.typeNotAllowed, z.string()),
    file_size: z.preprocess(
      (value) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value),
      z
        .number({ error: MEDIA_MESSAGES.fileSizeInvalid })
        .int({ error: MEDIA_MESSAGES.fileSizeInvalid })
        .positive({ error: MEDIA_MESSAGES.fileSizeInvalid }),
    ),
  })
  .meta({ id: 'UploadUrlRequest' });

export const uploadUrlResponseSchema = z
  .object({
    key: z.string(),
    url: z.string(),
    file_name: z.string(),
    /** The headers the upload must carry (its content type). */
    headers: z.record(z.string(), z.string()),
    expires_at: z.string(),
  })
  .meta({ id: 'UploadUrlResponse' });

/** A campaign file's storage key as the API issued it (`folder/uuid.ext`). */
export const mediaKeySchema = textField(
  'The file key',
  MEDIA_MESSAGES.keyRequired,
  z.string().min(1, { error: MEDIA_MESSAGES.keyRequired }).max(200),
);

const keyBodySchema = z.object({ s3_key: mediaKeySchema });

export const viewUrlResponseSchema = z
  .object({ url: z.string(), expires_at: z.string() })
  .meta({ id: 'ViewUrlResponse' });

/** Campaign files: upload, view and delete addresses (docs/product/campaigns.md, Media). */
export const mediaEndpoints = defineEndpoints({
  requestUploadUrl: {
    method: 'POST',
    path: '/ad-templates/presigned-url',
    access: 'customer',
    tag: 'media',
    summary: 'An address to upload one campaign file to, for 15 minutes',
    description:
      'Checks the extension, the declared type and size (images 20 MB, videos 2 GB), makes a new key and records it as issued to the caller. The file is then PUT to `url` with `headers`. The declared size counts against the storage quota at once (409 past it), and the address against the uploads waiting to be saved (429 past it, with Retry-After).',
    body: uploadUrlRequestSchema,
    response: uploadUrlResponseSchema,
    errors: [401, 403, 409, 413, 422, 429],
  },
  checkUpload: {
    method: 'POST',
    path: '/ad-templates/check-upload',
    access: 'customer',
    tag: 'media',
    summary: 'Check a campaign file as soon as its upload finishes',
    description:
      'The file must have been issued to the caller (else 404) and uploaded (else 422), with the declared size and first bytes of the declared type. A file that fails is deleted and answered 422 with the reason, so the customer sees it on that file at once rather than when the ad is saved. Saving the ad checks its files again.',
    body: keyBodySchema,
    response: messageResponseSchema,
    errors: [401, 403, 404, 422],
  },
  requestViewUrl: {
    method: 'POST',
    path: '/presigned-view-url',
    access: 'user',
    tag: 'media',
    summary: 'An address to view a campaign file, for an hour',
    description:
      'Customers view their own files; administrators the files of any submitted campaign. Any other key answers 404.',
    body: keyBodySchema,
    response: viewUrlResponseSchema,
    errors: [401, 403, 404, 422],
  },
  deleteMedia: {
    method: 'DELETE',
    path: '/delete-s3-object',
    access: 'customer',
    tag: 'media',
    summary: 'Delete one of your campaign files that no submitted campaign uses',
    body: keyBodySchema,
    response: messageResponseSchema,
    errors: [401, 403, 404, 409, 422],
  },
});

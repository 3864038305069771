import { z } from 'zod';
import { textField } from '../common/common.schemas';
import { mediaMetadataSchema } from '../campaigns/ad-checks';

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
  unreadable:
    "We could not read this file's dimensions or duration: export it again as a PNG, JPEG or WebP picture or an MP4 (H.264) video",
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

/** The body of the requests about one stored file. */
export const mediaKeyBodySchema = z.object({ s3_key: mediaKeySchema });

export const viewUrlResponseSchema = z
  .object({ url: z.string(), expires_at: z.string() })
  .meta({ id: 'ViewUrlResponse' });

/** The answer to a file's check: what the server read from its bytes (docs/product/campaigns.md, Media). */
export const checkUploadResponseSchema = z
  .object({ message: z.string(), metadata: mediaMetadataSchema.nullable() })
  .meta({ id: 'CheckUploadResponse' });

import { z } from 'zod';
import { messageResponseSchema, textField } from '../common/common.schemas';
import { binaryResponseSchema, defineEndpoints } from '../common/endpoint';

/**
 * Answers of the signed upload and view URLs of the embedded storage. The front end shows them
 * when an upload fails; with S3 the bucket answers instead, in its own words.
 */
export const STORAGE_MESSAGES = {
  uploaded: 'The file was uploaded',
  linkInvalid: 'This link is not valid',
  linkExpired: 'This link has expired. Please start again.',
  wrongType: (contentType: string) => `This upload must be sent as ${contentType}`,
  tooLarge: 'The file is larger than this upload allows',
  wrongSize: 'The file is not the size this upload was prepared for',
  alreadyUploaded: 'This upload has already been used. Please start again.',
  incomplete: 'The upload did not finish. Please try again.',
  notFound: 'No such file',
  rangeNotSatisfiable: 'The requested part of the file is outside it',
} as const;

const keyParams = z.object({
  folder: textField('The folder', 'The folder is required', z.string()).meta({
    description: 'The first part of the storage key',
  }),
  name: textField('The file name', 'The file name is required', z.string()).meta({
    description: 'The file name part of the storage key',
  }),
});

/**
 * The signed URLs of the embedded storage: the API hands them out and answers them itself.
 * The signature is the credential, so they are public. With S3 the bucket answers its own
 * presigned URLs and these routes do not exist. Browsers reach them through the URLs they are
 * given, never by building the path.
 */
export const storageEndpoints = defineEndpoints({
  uploadToSignedUrl: {
    method: 'PUT',
    path: '/storage/uploads/:folder/:name',
    access: 'public',
    tag: 'storage',
    summary: 'Upload a file to a signed upload URL made by the API',
    description:
      'The body is the file itself, sent with the signed content type and exactly the signed size. The URL ' +
      'works until it expires and only once: a file already uploaded is never replaced.',
    params: keyParams,
    query: z.object({
      expires: z.string().meta({ description: 'Unix time (seconds) after which the URL is refused' }),
      type: z.string().meta({ description: 'The only content type accepted' }),
      size: z.string().meta({ description: 'The exact size in bytes' }),
      signature: z.string(),
    }),
    response: messageResponseSchema,
    errors: [400, 403, 409, 413, 415],
  },
  viewSignedUrl: {
    method: 'GET',
    path: '/storage/files/:folder/:name',
    access: 'public',
    tag: 'storage',
    summary: 'A stored file, through a signed view URL made by the API',
    description:
      'Answers a single byte range (Range: bytes=…) with 206, so video can be played from any point. The file may ' +
      'be cached by the browser until the URL expires.',
    params: keyParams,
    query: z.object({
      expires: z.string().meta({ description: 'Unix time (seconds) after which the URL is refused' }),
      name: z.string().optional().meta({ description: 'Given: the browser downloads the file under this name' }),
      signature: z.string(),
    }),
    response: binaryResponseSchema,
    otherResponses: { 206: binaryResponseSchema },
    errors: [403, 404, 416],
  },
});

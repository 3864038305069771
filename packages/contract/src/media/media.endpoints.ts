import { messageResponseSchema } from '../common/common.schemas';
import { defineEndpoints } from '../common/endpoint';
import {
  checkUploadResponseSchema,
  mediaKeyBodySchema,
  uploadUrlRequestSchema,
  uploadUrlResponseSchema,
  viewUrlResponseSchema,
} from './media.schemas';

/** Campaign files: upload, view and delete addresses (docs/product/campaigns.md, Media). */
export const mediaEndpoints = defineEndpoints({
  requestUploadUrl: {
    method: 'POST',
    path: '/ad-templates/presigned-url',
    access: 'customer',
    permission: 'campaigns.manage',
    apiToken: 'manage',
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
    permission: 'campaigns.manage',
    apiToken: 'manage',
    tag: 'media',
    summary: 'Check a campaign file as soon as its upload finishes',
    description:
      'The file must have been issued to the caller (else 404) and uploaded (else 422), with the declared size and first bytes of the declared type, and dimensions (a video also its duration) that can be read from its own bytes. A file that fails is deleted and answered 422 with the reason, so the customer sees it on that file at once rather than when the ad is saved. Saving the ad checks its files again. The answer carries what was read, for the checks before review.',
    body: mediaKeyBodySchema,
    response: checkUploadResponseSchema,
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
    body: mediaKeyBodySchema,
    response: viewUrlResponseSchema,
    errors: [401, 403, 404, 422],
  },
  deleteMedia: {
    method: 'DELETE',
    path: '/delete-s3-object',
    access: 'customer',
    permission: 'campaigns.manage',
    apiToken: 'manage',
    tag: 'media',
    summary: 'Delete one of your campaign files that no submitted campaign uses',
    body: mediaKeyBodySchema,
    response: messageResponseSchema,
    errors: [401, 403, 404, 409, 422],
  },
});

import { mediaEndpoints, type EndpointBody } from '@portal/contract';
import { callApi } from '@/lib/api-client';

/** POST /api/ad-templates/presigned-url: an address to upload one campaign file to. */
export function requestUploadUrl(values: EndpointBody<typeof mediaEndpoints.requestUploadUrl>) {
  return callApi(mediaEndpoints.requestUploadUrl, { body: values });
}

/** POST /api/ad-templates/check-upload: has the finished upload the bytes its name promises? */
export function checkUpload(key: string) {
  return callApi(mediaEndpoints.checkUpload, { body: { s3_key: key } });
}

/** POST /api/presigned-view-url: an address to view one campaign file for an hour. */
export function requestViewUrl(key: string) {
  return callApi(mediaEndpoints.requestViewUrl, { body: { s3_key: key } });
}

/** DELETE /api/delete-s3-object: removes one of the customer's files that no submitted campaign uses. */
export function deleteMedia(key: string) {
  return callApi(mediaEndpoints.deleteMedia, { body: { s3_key: key } });
}

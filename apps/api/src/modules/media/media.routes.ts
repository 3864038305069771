import type { FastifyInstance } from 'fastify';
import { MEDIA_MESSAGES, mediaEndpoints } from '@portal/contract';
import { route } from '../../lib/endpoint-route';
import type { MediaService } from './media.service';

/** Campaign files: upload and view addresses, and deletion (docs/product/campaigns.md, Media). */
export async function mediaRoutes(app: FastifyInstance, { mediaService }: { mediaService: MediaService }) {
  route(app, mediaEndpoints.requestUploadUrl, async (request) =>
    mediaService.issueUploadUrl(request.principal, request.body),
  );

  route(app, mediaEndpoints.checkUpload, async (request) => {
    const metadata = await mediaService.checkUpload(request.principal, request.body.s3_key);
    return { message: MEDIA_MESSAGES.checked, metadata };
  });

  route(app, mediaEndpoints.requestViewUrl, async (request) =>
    mediaService.issueViewUrl(request.principal, request.body.s3_key),
  );

  route(app, mediaEndpoints.deleteMedia, async (request) => {
    await mediaService.delete(request.principal, request.body.s3_key);
    return { message: MEDIA_MESSAGES.deleted };
  });
}

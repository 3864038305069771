import type { FastifyInstance } from 'fastify';
import { accountEndpoints, PROFILE_PICTURE } from '@portal/contract';
import { STORAGE_KEY_PATTERN, type FileStorage } from '../../adapters/storage/storage';
import { route } from '../../lib/endpoint-route';
import { notFound } from '../../lib/http-errors';

/**
 * Profile pictures, at the storage base URL the front end prefixes to a user's `logo`. Their
 * keys are random and never change, so they can be public and cached for good. Whichever
 * storage holds them (the bucket too), the API streams them: one lasting same-origin address
 * rather than a redirect to a URL that expires (decision 008).
 */
export async function filesRoutes(app: FastifyInstance, { storage }: { storage: FileStorage }) {
  route(app, accountEndpoints.getProfilePicture, async (request, reply) => {
    const key = `${PROFILE_PICTURE.folder}/${request.params.name}`;
    const file = STORAGE_KEY_PATTERN.test(key) ? await storage.get(key) : undefined;
    if (!file) throw notFound('No such file');
    return reply
      .type(file.contentType)
      .header('content-length', file.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(file.body);
  });
}

import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { STORAGE_KEY_PATTERN, type FileStorage } from '../../adapters/storage/storage';
import { notFound } from '../../lib/http-errors';
import { AVATAR_FOLDER } from './avatar-store';

/**
 * Profile pictures, at the storage base URL the front end prefixes to a user's `logo`. Their
 * keys are random and never change, so they can be public and cached for good. Whichever
 * storage holds them (the bucket too), the API streams them: one lasting same-origin address
 * rather than a redirect to a URL that expires (decision 008).
 */
export const filesRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (app, { storage }) => {
  app.get(
    `/files/${AVATAR_FOLDER}/:name`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['account'],
        summary: 'A profile picture',
        params: z.object({ name: z.string() }),
      },
    },
    async (request, reply) => {
      const key = `${AVATAR_FOLDER}/${request.params.name}`;
      const file = STORAGE_KEY_PATTERN.test(key) ? await storage.get(key) : undefined;
      if (!file) throw notFound('No such file');
      return reply
        .type(file.contentType)
        .header('content-length', file.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(file.body);
    },
  );
};

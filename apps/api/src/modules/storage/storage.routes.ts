import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageResponseSchema, STORAGE_MESSAGES } from '@portal/contract';
import type { LocalFileStorage, UrlCheck } from '../../adapters/storage/local-storage';
import { attachmentDisposition, contentTypeOfKey } from '../../adapters/storage/storage';
import { HttpError } from '../../lib/http-errors';
import { errorResponses } from '../../plugins/errors';
import { parseRange } from './byte-range';

const keyParams = z.object({
  folder: z.string().meta({ description: 'The first part of the storage key' }),
  name: z.string().meta({ description: 'The file name part of the storage key' }),
});

const binary = z.any().meta({ type: 'string', format: 'binary' });

type KeyRequest = FastifyRequest<{ Params: { folder: string; name: string }; Querystring: Record<string, unknown> }>;

const keyOf = (request: KeyRequest) => `${request.params.folder}/${request.params.name}`;

/** A signed URL that is forged, altered, incomplete or out of date is refused alike with 403. */
function accepted<T>(check: UrlCheck<T>): T {
  if (check.ok) return check.value;
  throw new HttpError(403, check.reason === 'expired' ? STORAGE_MESSAGES.linkExpired : STORAGE_MESSAGES.linkInvalid);
}

/**
 * The signed URLs of the embedded storage (LocalFileStorage hands them out). The signature is
 * the credential, so the routes are public; each one checks it before anything is read.
 * With S3 these routes do not exist: the bucket answers its own presigned URLs.
 */
export const storageRoutes: FastifyPluginAsyncZod<{ storage: LocalFileStorage }> = async (app, { storage }) => {
  // An upload is the file's raw bytes in the file's own type (image/png, video/mp4…), which
  // none of the API's body parsers read. In this context alone, any body is handed to the
  // route as the request stream, unread and unbuffered.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  const signedUploads = new WeakMap<FastifyRequest, { contentType: string; size: number }>();

  app.put(
    '/storage/uploads/:folder/:name',
    {
      config: { access: 'public' },
      schema: {
        tags: ['storage'],
        summary: 'Upload a file to a signed upload URL made by the API',
        description:
          'The body is the file itself, sent with the signed content type and exactly the signed size. The URL ' +
          'works until it expires and only once: a file already uploaded is never replaced.',
        params: keyParams,
        querystring: z.object({
          expires: z.string().meta({ description: 'Unix time (seconds) after which the URL is refused' }),
          type: z.string().meta({ description: 'The only content type accepted' }),
          size: z.string().meta({ description: 'The exact size in bytes' }),
          signature: z.string(),
        }),
        response: { 200: messageResponseSchema, ...errorResponses(400, 403, 409, 413, 415) },
      },
      // Everything that can be judged from the headers is, before a byte of the body is read.
      onRequest: async (request: KeyRequest) => {
        const signed = accepted(storage.checkUploadUrl(keyOf(request), request.query));
        const type = request.headers['content-type']?.trim().toLowerCase();
        if (type !== signed.contentType) throw new HttpError(415, STORAGE_MESSAGES.wrongType(signed.contentType));
        const declared = request.headers['content-length'];
        if (declared !== undefined && Number(declared) > signed.size) {
          throw new HttpError(413, STORAGE_MESSAGES.tooLarge);
        }
        if (declared !== undefined && Number(declared) !== signed.size) {
          throw new HttpError(400, STORAGE_MESSAGES.wrongSize);
        }
        signedUploads.set(request, signed);
      },
      // A refused upload may still be arriving: closing the connection stops it, where keeping
      // it alive would mean reading the rest of a body that is not wanted.
      onSend: async (_request, reply: FastifyReply, payload) => {
        if (reply.statusCode >= 400) reply.header('connection', 'close');
        return payload;
      },
    },
    async (request) => {
      const { size } = signedUploads.get(request)!;
      const body = request.body instanceof Readable ? request.body : Readable.from([]);
      const outcome = await storage.receive(keyOf(request), body, size);
      switch (outcome) {
        case 'stored':
          return { message: STORAGE_MESSAGES.uploaded };
        case 'exists':
          throw new HttpError(409, STORAGE_MESSAGES.alreadyUploaded);
        case 'too-large':
          throw new HttpError(413, STORAGE_MESSAGES.tooLarge);
        case 'too-short':
          throw new HttpError(400, STORAGE_MESSAGES.wrongSize);
        case 'aborted':
          throw new HttpError(400, STORAGE_MESSAGES.incomplete);
      }
    },
  );

  const signedViews = new WeakMap<FastifyRequest, { downloadName?: string; secondsLeft: number }>();

  app.get(
    '/storage/files/:folder/:name',
    {
      config: { access: 'public' },
      schema: {
        tags: ['storage'],
        summary: 'A stored file, through a signed view URL made by the API',
        description:
          'Answers a single byte range (Range: bytes=…) with 206, so video can be played from any point. The file may ' +
          'be cached by the browser until the URL expires.',
        params: keyParams,
        querystring: z.object({
          expires: z.string().meta({ description: 'Unix time (seconds) after which the URL is refused' }),
          name: z.string().optional().meta({ description: 'Given: the browser downloads the file under this name' }),
          signature: z.string(),
        }),
        response: { 200: binary, 206: binary, ...errorResponses(403, 404, 416) },
      },
      onRequest: async (request: KeyRequest) => {
        signedViews.set(request, accepted(storage.checkViewUrl(keyOf(request), request.query)));
      },
    },
    async (request, reply) => {
      const key = keyOf(request);
      const { downloadName, secondsLeft } = signedViews.get(request)!;
      const info = await storage.head(key);
      if (!info) throw new HttpError(404, STORAGE_MESSAGES.notFound);

      const range = parseRange(request.headers.range, info.size);
      if (range === 'unsatisfiable') {
        throw new HttpError(416, STORAGE_MESSAGES.rangeNotSatisfiable, {
          headers: { 'content-range': `bytes */${info.size}`, 'accept-ranges': 'bytes' },
        });
      }
      const { start, end } = range ?? { start: 0, end: info.size - 1 };
      if (range) reply.code(206).header('content-range', `bytes ${start}-${end}/${info.size}`);
      reply
        .type(contentTypeOfKey(key))
        .header('content-length', end - start + 1)
        .header('accept-ranges', 'bytes')
        // Private: the file is one customer's. The URL, signature included, is the cache key, and
        // the copy is good for as long as the URL is.
        .header('cache-control', `private, max-age=${secondsLeft}`)
        .header('content-disposition', downloadName ? attachmentDisposition(downloadName) : 'inline');
      // A HEAD answer has headers only; Fastify would otherwise read the whole stream to drop it.
      if (request.method === 'HEAD' || info.size === 0) return reply.send(Readable.from([]));
      return reply.send(storage.readRange(key, start, end));
    },
  );
};

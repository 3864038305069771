import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STORAGE_MESSAGES, storageEndpoints } from '@portal/contract';
import type { LocalFileStorage, UrlCheck } from '../../adapters/storage/local-storage';
import { attachmentDisposition, contentTypeOfKey } from '../../adapters/storage/storage';
import { route } from '../../lib/endpoint-route';
import { HttpError } from '../../lib/http-errors';
import { parseRange } from './byte-range';

const keyOf = (request: { params: { folder: string; name: string } }) =>
  `${request.params.folder}/${request.params.name}`;

/** A signed URL that is forged, altered, incomplete or out of date is refused alike with 403. */
function accepted<T>(check: UrlCheck<T>): T {
  if (check.ok) return check.value;
  throw new HttpError(403, check.reason === 'expired' ? STORAGE_MESSAGES.linkExpired : STORAGE_MESSAGES.linkInvalid);
}

/**
 * The signed URLs of the embedded storage (LocalFileStorage hands them out). The signature is
 * the credential, so the routes are public; each one checks it before anything is read.
 * With S3 these routes do not exist: the bucket answers its own presigned URLs.
 * Longer than most functions: it is the routes' registrations one after another, each short.
 */
export async function storageRoutes(app: FastifyInstance, { storage }: { storage: LocalFileStorage }) {
  // An upload is the file's raw bytes in the file's own type (image/png, video/mp4…), which
  // none of the API's body parsers read. In this context alone, any body is handed to the
  // route as the request stream, unread and unbuffered.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  const signedUploads = new WeakMap<FastifyRequest, { contentType: string; size: number }>();

  route(
    app,
    storageEndpoints.uploadToSignedUrl,
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
    {
      // Everything that can be judged from the headers is, before a byte of the body is read.
      onRequest: async (request) => {
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
  );

  const signedViews = new WeakMap<FastifyRequest, { downloadName?: string; secondsLeft: number }>();

  route(
    app,
    storageEndpoints.viewSignedUrl,
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
    {
      onRequest: async (request) => {
        signedViews.set(request, accepted(storage.checkViewUrl(keyOf(request), request.query)));
      },
    },
  );
}

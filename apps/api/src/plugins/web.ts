import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PUBLIC_SETTINGS_ELEMENT_ID, type PublicSettings } from '@portal/contract';
import { ERROR_MESSAGES } from './errors';

const SETTINGS_PLACEHOLDER = '<!-- portal-settings -->';

/** JSON that is safe inside a <script> block: no "</script>" or "<!--" can close it early. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * Serves the built front end: hashed assets with a long cache, and index.html (with the
 * run-time settings filled in) for every other GET, so client-side routes survive a reload.
 */
async function webPlugin(app: FastifyInstance, options: { distDir: string; settings: PublicSettings }) {
  const indexPath = path.join(options.distDir, 'index.html');
  const built = fs.existsSync(indexPath);
  const indexHtml = built
    ? fs
        .readFileSync(indexPath, 'utf8')
        .replace(
          SETTINGS_PLACEHOLDER,
          `<script type="application/json" id="${PUBLIC_SETTINGS_ELEMENT_ID}">${scriptSafeJson(options.settings)}</script>`,
        )
    : undefined;

  if (built) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      index: false,
      wildcard: false,
      // The build writes .br and .gz beside each asset (scripts/precompress.mjs).
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Vite names assets by content hash, so they never change under the same URL.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    if (wantsPage && indexHtml) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    const message = wantsPage ? 'The front end is not built: run `npm run build` first' : ERROR_MESSAGES.notFound;
    return reply.code(404).send({ message });
  });
}

export default fp(webPlugin, { name: 'web' });

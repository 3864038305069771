import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  PAGE_SHELLS_FILE,
  PUBLIC_SETTINGS_ELEMENT_ID,
  SETTING_PLACEHOLDER_PATTERN,
  type PageShellEntry,
  type PublicSettings,
} from '@portal/contract';
import { ERROR_MESSAGES } from './errors';

const SETTINGS_PLACEHOLDER = '<!-- portal-settings -->';

/** JSON that is safe inside a <script> block: no "</script>" or "<!--" can close it early. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

/** index.html as served (decision 004): each setting where the page shell marks it, and the settings block. */
function fillIndexHtml(template: string, settings: PublicSettings): string {
  return template
    .replace(SETTING_PLACEHOLDER_PATTERN, (mark, key: string) =>
      key in settings ? escapeHtml(String(settings[key as keyof PublicSettings] ?? '')) : mark,
    )
    .replace(
      SETTINGS_PLACEHOLDER,
      () => `<script type="application/json" id="${PUBLIC_SETTINGS_ELEMENT_ID}">${scriptSafeJson(settings)}</script>`,
    );
}

/**
 * The Content-Security-Policy sources that allow the page's inline scripts (the page shell's
 * boot script, decision 017) by their hash, so every other inline script stays refused. JSON
 * blocks are data, not scripts, and need none.
 */
function inlineScriptHashes(html: string): string[] {
  const inlineScripts = html.matchAll(/<script(?![^>]*\s(?:src|type)=)[^>]*>([\s\S]*?)<\/script>/g);
  return [...inlineScripts].map(([, body]) => `'sha256-${createHash('sha256').update(body!).digest('base64')}'`);
}

/** Where the shared links' public pages live (docs/product/insights.md, Report links). */
const SHARED_PAGES_PREFIX = '/shared/';

/** A built page, filled in once at start-up and kept compressed as well. */
export interface WebPage {
  html: string;
  br: Buffer;
  gzip: Buffer;
  scriptHashes: string[];
}

function loadPage(file: string, settings: PublicSettings): WebPage {
  const html = fillIndexHtml(fs.readFileSync(file, 'utf8'), settings);
  return {
    html,
    // The page carries the shell's markup and CSS: compressed, it is a fraction of the bytes.
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    gzip: gzipSync(html, { level: 9 }),
    scriptHashes: inlineScriptHashes(html),
  };
}

/**
 * The built front end's pages (decision 041): index.html, and the pages the build drew a shell
 * of their own for, each with the addresses it is sent for.
 */
export interface WebPages {
  index: WebPage;
  shells: { pattern: RegExp; page: WebPage }[];
  /** Every page's inline scripts, for the Content-Security-Policy. */
  scriptHashes: string[];
}

export function loadWebPages(distDir: string, settings: PublicSettings): WebPages | undefined {
  const indexPath = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexPath)) return undefined;
  const listPath = path.join(distDir, PAGE_SHELLS_FILE);
  const entries: PageShellEntry[] = fs.existsSync(listPath) ? JSON.parse(fs.readFileSync(listPath, 'utf8')) : [];
  const index = loadPage(indexPath, settings);
  const shells = entries.map((entry) => ({
    pattern: new RegExp(entry.pattern),
    page: loadPage(path.join(distDir, entry.file), settings),
  }));
  const scriptHashes = new Set([index, ...shells.map(({ page }) => page)].flatMap((page) => page.scriptHashes));
  return { index, shells, scriptHashes: [...scriptHashes] };
}

/** The page for an address: the first whose shell's pattern matches its path, else index.html. */
function pageFor(pages: WebPages, url: string): WebPage {
  const pathname = url.split(/[?#]/, 1)[0]!;
  return pages.shells.find(({ pattern }) => pattern.test(pathname))?.page ?? pages.index;
}

/** The encoding to send: Brotli or gzip when the client accepts it (a q of 0 refuses). */
function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param)))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/**
 * Serves the built front end: hashed assets with a long cache, and index.html (with the
 * run-time settings filled in) for every other GET, so client-side routes survive a reload; an
 * administrators' page gets the built page with its own shell (decision 041).
 */
async function webPlugin(app: FastifyInstance, options: { distDir: string; pages: WebPages | undefined }) {
  const { pages } = options;

  if (pages) {
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
    if (wantsPage && pages) {
      const page = pageFor(pages, request.url);
      const encoding = pickEncoding(request.headers['accept-encoding']);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      // A shared link's page is for whoever was given it: never indexed (decision 034).
      if (request.url.startsWith(SHARED_PAGES_PREFIX)) reply.header('x-robots-tag', 'noindex, nofollow');
      return encoding ? reply.header('content-encoding', encoding).send(page[encoding]) : reply.send(page.html);
    }
    const message = wantsPage ? 'The front end is not built: run `npm run build` first' : ERROR_MESSAGES.notFound;
    return reply.code(404).send({ message });
  });
}

export default fp(webPlugin, { name: 'web' });

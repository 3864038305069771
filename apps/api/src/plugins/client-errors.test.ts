import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ERROR_MESSAGES } from './errors';

/**
 * Requests that Node's HTTP parser refuses never reach Fastify's routes; they are answered from
 * the server's 'clientError' event. They get the API's error format too. Sent as raw bytes, since
 * no HTTP client would send them.
 */

interface RawAnswer {
  statusLine: string;
  headers: Record<string, string>;
  body: string;
}

/** Writes `request` on a new connection and reads until the server closes it. */
function sendRaw(port: number, request: string): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The server may close while the rest of a refused request is still being written.
    socket.on('error', () => undefined);
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      resolve({ statusLine, headers, body: rest.join('\r\n\r\n') });
    });
    socket.write(request);
  });
}

const HOST = 'Host: localhost\r\n';

const REFUSED: [string, string, number, string][] = [
  ['a space in the path', `GET /api/he alth HTTP/1.1\r\n${HOST}\r\n`, 400, ERROR_MESSAGES.badRequest],
  [
    'a control character in a header',
    `GET /api/health HTTP/1.1\r\n${HOST}X-Note: a\u0001b\r\n\r\n`,
    400,
    ERROR_MESSAGES.badRequest,
  ],
  [
    'a broken chunk',
    `POST /api/login HTTP/1.1\r\n${HOST}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
    400,
    ERROR_MESSAGES.badRequest,
  ],
  [
    'two Content-Length headers',
    `POST /api/login HTTP/1.1\r\n${HOST}Content-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}`,
    400,
    ERROR_MESSAGES.badRequest,
  ],
  [
    'headers over 16 KB',
    `GET /api/health HTTP/1.1\r\n${HOST}X-Padding: ${'x'.repeat(17 * 1024)}\r\n\r\n`,
    431,
    ERROR_MESSAGES.headersTooLarge,
  ],
  ['no Host', `GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n`, 400, ERROR_MESSAGES.hostRequired],
];

describe('requests that the HTTP parser refuses', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });

  afterAll(async () => {
    await t?.close();
  });

  it.each(REFUSED)(
    '%s: answered in the error format, and the connection closed',
    async (_, request, status, message) => {
      const answer = await sendRaw(port, request);
      expect(answer.statusLine).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.headers.connection).toBe('close');
      expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
      expect(JSON.parse(answer.body)).toEqual({ message });
    },
  );

  it('still answers a well-formed request on the same server', async () => {
    const answer = await sendRaw(port, `GET /api/health HTTP/1.1\r\n${HOST}Connection: close\r\n\r\n`);
    expect(answer.statusLine).toMatch(/^HTTP\/1\.1 200 /);
  });
});

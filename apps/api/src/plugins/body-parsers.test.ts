import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, errorBody, type TestApp } from '../../test/test-app';
import { multipart } from '../../test/fixtures';
import { acceptsFile } from './body-parsers';
import { ERROR_MESSAGES } from './errors';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    // Two routes that differ only in the file they take: one of at most 10 bytes, and none.
    extraApiRoutes: async (api) => {
      const body = z.object({ note: z.string().optional(), file: z.instanceof(Buffer).optional() });
      const schema = { body };
      const echo = async (request: { body: unknown }) => {
        const { note, file } = body.parse(request.body);
        return { note: note ?? null, bytes: file?.length ?? null };
      };
      api.post('/test/small-file', { config: { access: 'public', ...acceptsFile(10) }, schema }, echo);
      api.post('/test/no-file', { config: { access: 'public' }, schema }, echo);
    },
  });
});
afterAll(() => t.close());

const send = async (url: string, fields: Parameters<typeof multipart>[0]) =>
  t.app.inject({ method: 'POST', url: `/api/test/${url}`, ...(await multipart(fields)) });
const file = (size: number) => ({ bytes: Buffer.alloc(size), filename: 'f.bin', type: 'application/octet-stream' });

describe('multipart file limits per route', () => {
  it('take a file up to the route’s own limit and refuse a larger one with 413 in the error format', async () => {
    expect((await send('small-file', { note: 'hi', file: file(10) })).json()).toEqual({ note: 'hi', bytes: 10 });
    const larger = await send('small-file', { file: file(11) });
    expect(larger.statusCode).toBe(413);
    expect(errorBody(larger)).toEqual({ message: ERROR_MESSAGES.bodyTooLarge });
  });

  it('take one file at most where a route takes files', async () => {
    expect((await send('small-file', { file: file(1), other: file(1) })).statusCode).toBe(413);
  });

  it('take no file where the route states no limit, and fields as before', async () => {
    expect((await send('no-file', { note: 'hi' })).json()).toEqual({ note: 'hi', bytes: null });
    const withFile = await send('no-file', { note: 'hi', file: file(1) });
    expect(withFile.statusCode).toBe(413);
    expect(errorBody(withFile)).toEqual({ message: ERROR_MESSAGES.bodyTooLarge });
  });

  it('leave JSON bodies at their own limit of 1 MB', async () => {
    const payload = { note: 'x'.repeat(1024 * 1024) };
    expect((await t.app.inject({ method: 'POST', url: '/api/test/small-file', payload })).statusCode).toBe(413);
  });
});

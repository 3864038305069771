import net from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlCharactersMessage } from '@portal/contract';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { MAX_PATH_VALUE_LENGTH } from '../app';
import { ERROR_MESSAGES, isDatabaseUnavailable } from './errors';

const logLines: string[] = [];
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({
    logger: {
      stream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          logLines.push(chunk.toString());
          done();
        },
      }),
    },
    // A route that fails inside the database with a user's values as the query's parameters.
    extraApiRoutes: async (api) => {
      api.post('/test/failing-query', { config: { access: 'public' } }, async () => {
        await t.database.db.execute(sql`select ${'secret-street 1'}::int as broken`);
        return {};
      });
    },
  });
  token = await t.login((await t.createUser()).email);
});
afterAll(() => t.close());

/**
 * Every POST operation of the API that reads a body, from its own OpenAPI description. Stripe's
 * webhook reads its body raw and answers only to its signature (payment.routes.test.ts).
 */
async function postPaths(): Promise<string[]> {
  const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  return Object.entries(document.paths)
    .filter(([path, operations]) => 'post' in operations && path !== '/api/stripe/webhook')
    .map(([path]) => path.replace(/\{[^}]+\}/g, 'some-value'));
}

const brokenBodies: [string, string, string][] = [
  ['no boundary', 'multipart/form-data', 'email=a'],
  [
    'a wrong boundary',
    'multipart/form-data; boundary=other',
    '--real\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.co\r\n--real--\r\n',
  ],
  ['a body cut short', 'multipart/form-data; boundary=real', '--real\r\nContent-Disposition: form-data; name="em'],
];

describe('a malformed multipart body', () => {
  it.each(brokenBodies)('with %s answers 400 in the error format on every POST endpoint', async (_kind, type, body) => {
    const paths = await postPaths();
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) {
      const response = await t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': type, ...bearer(token) },
        payload: body,
      });
      // A signed-in route may refuse first (401/403 are checked before the body is read).
      expect([400, 401, 403], `${path} answered ${response.statusCode}`).toContain(response.statusCode);
      if (response.statusCode === 400)
        expect(response.json(), path).toEqual({ message: ERROR_MESSAGES.malformedMultipart });
    }
    expect(logLines.join('')).not.toMatch(/"level":50/);
  });
});

describe('control characters in text', () => {
  it.each(['address', 'business_name', 'tax_id', 'city'])(
    'are refused with 422 and a field message: %s',
    async (field) => {
      const billing = {
        type: 'company',
        business_name: 'Acme Ads',
        tax_id: 'TAX-1',
        currency: 'usd',
        country: 'us',
        address: '1 Main Street',
        city: 'Springfield',
        state: 'Illinois',
        postal_code: '62701',
        [field]: 'Main\u0000Street',
      };
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/customer/update-billing-info',
        headers: bearer(token),
        payload: billing,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors[field]).toEqual([expect.stringMatching(/must not contain control characters$/)]);
    },
  );

  it('are refused in names, with the label of the field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/customer/update-personal-info',
      headers: bearer(token),
      payload: { first_name: 'Ada\u0007', last_name: 'Lovelace' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.first_name).toEqual([controlCharactersMessage('First name')]);
  });
});

describe('an unexpected failure', () => {
  it('answers 500 and logs the error without the values the user sent', async () => {
    const before = logLines.length;
    const response = await t.app.inject({ method: 'POST', url: '/api/test/failing-query', payload: {} });
    expect(response.statusCode).toBe(500);
    const logged = logLines.slice(before).join('');
    expect(logged).toContain('unhandled error');
    expect(logged).not.toContain('secret-street');
  });
});

describe('addresses the router cannot take', () => {
  it('lets the schema judge path values up to the router limit, in the error format', async () => {
    const long = await t.app.inject({ method: 'GET', url: `/api/reset-password/${'a'.repeat(150)}` });
    expect(long.statusCode).toBe(422);
    const longer = await t.app.inject({ method: 'GET', url: `/api/reset-password/${'a'.repeat(300)}` });
    expect(longer.statusCode).toBe(422);
    expect(longer.json().errors).toHaveProperty('linkhash');
  });

  it('answers 414 past the router limit and 400 for broken escapes, without echoing the address', async () => {
    const tooLong = await t.app.inject({
      method: 'GET',
      url: `/api/reset-password/${'a'.repeat(MAX_PATH_VALUE_LENGTH + 1)}`,
    });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({ message: ERROR_MESSAGES.urlTooLong });

    for (const url of ['/api/reset-password/%E0%A4%A', '/%']) {
      const bad = await t.app.inject({ method: 'GET', url });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ message: ERROR_MESSAGES.badUrl });
    }
  });
});

describe('a database that cannot be reached', () => {
  it.each([
    new Error('Connection terminated unexpectedly'),
    new Error('Client has encountered a connection error and is not queryable'),
    new Error('timeout exceeded when trying to connect'),
    new Error('Query read timeout'),
    Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
    Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    Object.assign(new Error('connection failure'), { code: '08006' }),
  ])('is known by "$message", also as the cause of a failed query', (cause) => {
    expect(isDatabaseUnavailable(cause)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause }))).toBe(true);
  });

  it('is not a statement the database refused', () => {
    const refused = Object.assign(new Error('invalid input syntax for type integer'), { code: '22P02' });
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: refused }))).toBe(false);
  });
});

describe('a client that leaves in the middle of its body', () => {
  it('is logged as such, not as a database that cannot be reached', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as net.AddressInfo;
    const logged = logLines.length;
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    );
    // The body has begun to arrive when the client goes.
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
    await expect.poll(() => logLines.slice(logged).join('')).toContain('the client went away');
    expect(logLines.slice(logged).join('')).not.toContain('database unavailable');
  });
});

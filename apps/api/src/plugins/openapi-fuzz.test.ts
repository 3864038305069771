import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, ROLE, type Endpoint } from '@portal/contract';
import type { LimiterFactory, LimitState } from '../adapters/rate-limit/rate-limiter';
import { wizardOf } from '../../test/campaigns';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import type { ApiDescription, Operation } from './openapi';

/**
 * Bad input never answers 5xx (docs/product/accounts.md, API conventions): every operation of the
 * OpenAPI document gets, one at a time, path values, query values and body properties of the
 * wrong type, with control characters, too long, huge, negative or zero. The inputs are a fixed
 * list, so a failure names the same request on every run.
 */

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  minLength?: number;
  minimum?: number;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface Request {
  method: string;
  url: string;
  body?: unknown;
}

const LONG_TEXT = 'x'.repeat(10_000);

/** What a path or query value is replaced with. */
const BAD_TEXTS = [
  '\u0000',
  'a\u0000b',
  '\u0001\u001f\u007f',
  String(2 ** 31),
  String(2 ** 53),
  '1e308',
  '-1',
  '-2147483649',
  '0',
  '1.5',
  'abc',
  'x'.repeat(999),
  LONG_TEXT,
];

/** What a body property (or the element of a list) is replaced with. */
const BAD_VALUES: unknown[] = [
  null,
  true,
  'abc',
  '\u0000',
  'a\u0000b',
  '\u001b[31m',
  LONG_TEXT,
  0,
  -1,
  1.5,
  2 ** 31,
  2 ** 53,
  1e308,
  -(2 ** 31) - 1,
  String(2 ** 31),
  '-1',
  [],
  ['\u0000'],
  [2 ** 31],
  {},
  { '\u0000': 1 },
];

/** Values that a field's rules (beyond its JSON schema) accept, so that the other fields get past them. */
const GOOD_TEXTS: Record<string, string> = { file_name: 'photo.png', file_type: 'image/png' };

/** Whole bodies that are not an object. */
const BAD_BODIES: unknown[] = [null, 'text', 42, [], ['\u0000'], [{}]];

// The fuzz must reach the schemas and the services, not stop at a rate limit.
const ALLOWED: LimitState = { allowed: true, retryAfterSeconds: 0 };
const noLimits: LimiterFactory = () => ({
  consume: async () => ALLOWED,
  peek: async () => ALLOWED,
  reset: async () => undefined,
});

/** Each operation is sent as the role it is for; those of any signed-in user as both. */
const ROLES_BY_ACCESS: Record<Endpoint['access'], readonly Role[]> = {
  public: ['customer'],
  user: ['customer', 'admin'],
  customer: ['customer'],
  admin: ['admin'],
};
type Role = 'customer' | 'admin';

const definitions = new Map((Object.values(endpoints) as Endpoint[]).map((endpoint) => [endpoint.name, endpoint]));

describe('every operation of the API description, given bad input', () => {
  let t: TestApp;
  let document: ApiDescription;
  const tokens: Record<Role, string> = { customer: '', admin: '' };
  const emails: Record<Role, string> = { customer: '', admin: '' };
  let draftId = 0;

  beforeAll(async () => {
    t = await createTestApp({ limiterFactory: noLimits });
    // The administrator first, so that user 1 is an administrator and no fuzzed id bans the customer.
    emails.admin = (await t.createUser({ roleId: ROLE.admin })).email;
    emails.customer = (await t.createUser({ withBilling: true })).email;
    tokens.admin = await t.login(emails.admin);
    tokens.customer = await t.login(emails.customer);
    // A draft to aim the bodies at, so that they get past "no such campaign".
    draftId = (await wizardOf(() => t).saveDetails(tokens.customer)).id;
    document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  });

  afterAll(async () => {
    await t?.close();
  });

  /** Signs the role in again when an operation (logging out) ended its session. */
  async function liveToken(role: Role): Promise<string> {
    const check = await t.app.inject({
      method: 'GET',
      url: '/api/customer/current-session',
      headers: bearer(tokens[role]),
    });
    if (check.statusCode === 401) tokens[role] = await t.login(emails[role]);
    return tokens[role];
  }

  function resolve(schema: JsonSchema): JsonSchema {
    if (!schema.$ref) return schema;
    return resolve(document.components.schemas[schema.$ref.split('/').pop()!] as JsonSchema);
  }

  /** A plausible value for a schema, so that one bad property at a time is what a request gets wrong. */
  function sample(raw: JsonSchema, name = ''): unknown {
    const schema = resolve(raw);
    if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => sample(part, name)));
    const alternatives = schema.oneOf ?? schema.anyOf;
    if (alternatives) return sample(alternatives[0]!, name);
    if (schema.const !== undefined) return schema.const;
    if (schema.enum) return schema.enum[0];
    if (schema.default !== undefined) return schema.default;
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    switch (type) {
      case 'object':
        return Object.fromEntries(
          Object.entries(schema.properties ?? {})
            .map(([key, property]) => [key, sample(property, key)] as const)
            .filter(([, value]) => value !== undefined),
        );
      case 'array':
        return [sample(schema.items ?? {}, name)];
      case 'integer':
      case 'number':
        return /campaign_id|^id$/.test(name) ? draftId : Math.max(1, schema.minimum ?? 1);
      case 'boolean':
        return true;
      case 'string':
        if (schema.format === 'binary') return undefined;
        if (name in GOOD_TEXTS) return GOOD_TEXTS[name];
        if (/email/.test(name)) return 'fuzz@example.com';
        if (/url/.test(name)) return 'https://example.com/fuzz';
        if (/password/.test(name)) return 'Fuzz-password-42';
        return 'Fuzz'.padEnd(schema.minLength ?? 0, 'z');
      default:
        return 'fuzz';
    }
  }

  /** The body with the value at `path` replaced. */
  function replaced(body: unknown, path: (string | number)[], value: unknown): unknown {
    if (path.length === 0) return value;
    const [head, ...rest] = path;
    const copy = (Array.isArray(body) ? [...body] : { ...(body as object) }) as Record<string | number, unknown>;
    copy[head!] = replaced(copy[head!], rest, value);
    return copy;
  }

  /** Every property and list element of a body, nested ones included. */
  function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
    if (Array.isArray(value))
      return value.flatMap((item, index) => [[...prefix, index], ...paths(item, [...prefix, index])]);
    if (value === null || typeof value !== 'object') return [];
    return Object.entries(value).flatMap(([key, child]) => [[...prefix, key], ...paths(child, [...prefix, key])]);
  }

  function requestsFor(path: string, method: string, operation: Operation): Request[] {
    const parameters = (operation.parameters ?? []) as Parameter[];
    const pathValues = Object.fromEntries(
      parameters.filter((p) => p.in === 'path').map((p) => [p.name, String(sample(p.schema, p.name))]),
    );
    const queryValues = Object.fromEntries(
      parameters.filter((p) => p.in === 'query').map((p) => [p.name, String(sample(p.schema, p.name))]),
    );
    const url = (values: Record<string, string>, query: Record<string, string>) => {
      const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name]!));
      const search = new URLSearchParams(query).toString();
      return search ? `${filled}?${search}` : filled;
    };
    const content = (operation.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)
      ?.content?.['application/json'];
    const body = content ? sample(content.schema) : undefined;
    const base = { method: method.toUpperCase(), url: url(pathValues, queryValues), body };

    const requests: Request[] = [];
    for (const parameter of parameters) {
      for (const bad of [...BAD_TEXTS, `\u0000${pathValues[parameter.name] ?? queryValues[parameter.name]}`]) {
        if (parameter.in === 'path')
          requests.push({ ...base, url: url({ ...pathValues, [parameter.name]: bad }, queryValues) });
        if (parameter.in === 'query')
          requests.push({ ...base, url: url(pathValues, { ...queryValues, [parameter.name]: bad }) });
      }
    }
    if (content) {
      for (const at of paths(body)) {
        // Also a control character inside an otherwise good value, which may pass the field's other rules.
        const good = at.reduce<unknown>((value, key) => (value as Record<string | number, unknown>)[key], body);
        const bads = typeof good === 'string' ? [...BAD_VALUES, `\u0000${good}`] : BAD_VALUES;
        for (const bad of bads) requests.push({ ...base, body: replaced(body, at, bad) });
      }
      for (const bad of BAD_BODIES) requests.push({ ...base, body: bad });
    }
    return requests;
  }

  it('answers no request with a 5xx', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const access = definitions.get(operation.operationId ?? '')?.access ?? 'user';
        for (const role of ROLES_BY_ACCESS[access]) {
          const token = await liveToken(role);
          for (const request of requestsFor(path, method, operation)) {
            const response = await t.app.inject({
              method: request.method as 'GET',
              url: request.url,
              headers: { ...bearer(token), ...(request.body !== undefined && { 'content-type': 'application/json' }) },
              ...(request.body !== undefined && { payload: JSON.stringify(request.body) }),
            });
            sent += 1;
            if (response.statusCode >= 500) {
              const shown = JSON.stringify(request.body)?.replace(LONG_TEXT, 'x × 10000');
              failures.push(
                `${operation.operationId} as ${role}: ${request.method} ${request.url.replace(LONG_TEXT, 'x × 10000')} ${shown ?? ''} → ${response.statusCode}`,
              );
            }
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
    // Over a thousand requests one after another: about 13 s on a quiet two-core machine, past
    // the suite's 30 s default when other suites share it.
  }, 120_000);
});

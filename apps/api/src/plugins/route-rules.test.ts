import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints, endpoints, type Endpoint } from '@portal/contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkRouteDefinition } from './route-rules';

interface Operation {
  operationId?: string;
  tags?: string[];
  security?: unknown[];
  responses?: Record<string, unknown>;
}

describe('the API routes', () => {
  let t: TestApp;
  let operations: { method: string; path: string; operation: Operation }[];
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
    const document = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    expect(Object.keys(document.paths).every((path) => path.startsWith('/api/'))).toBe(true);
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ method, path, operation })),
    );
  });
  afterAll(() => t.close());

  it('are exactly the endpoints of the contract, each once', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(Object.keys(endpoints).sort());
  });

  it('each have a tag, a success answer, documented failures and the security of their access rule', () => {
    for (const { method, path, operation } of operations) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(operation.tags?.length, where).toBeGreaterThan(0);
      const statuses = Object.keys(operation.responses ?? {}).map(Number);
      expect(
        statuses.some((status) => status >= 200 && status < 300),
        where,
      ).toBe(true);
      const endpoint: Endpoint = endpoints[operation.operationId as keyof typeof endpoints];
      expect(`/api${endpoint.path.replace(/:(\w+)/g, '{$1}')}`, where).toBe(path);
      expect(operation.security, where).toEqual(
        endpoint.access === 'public' ? [] : [{ bearerAuth: [] }, ...(endpoint.apiToken ? [{ apiToken: [] }] : [])],
      );
      for (const status of endpoint.errors) expect(statuses, `${where} documents ${status}`).toContain(status);
    }
  });
});

describe('checkRouteDefinition', () => {
  const probe = (extra: Partial<RouteOptions>): RouteOptions => ({
    method: 'GET',
    url: '/api/probe',
    handler: async () => ({}),
    ...extra,
  });

  it('refuses a route that is not made from a contract endpoint', () => {
    expect(() => checkRouteDefinition(probe({ config: { access: 'public' } }))).toThrow(
      /not registered from a contract endpoint/,
    );
  });

  it('refuses a route without a tag, a success schema or an access rule', () => {
    const endpoint = authEndpoints.logout;
    const schema = { tags: ['auth'], response: { 200: {} } };
    expect(() =>
      checkRouteDefinition(probe({ config: { endpoint, access: 'user' }, schema: { ...schema, tags: [] } })),
    ).toThrow(/no OpenAPI tag/);
    expect(() =>
      checkRouteDefinition(
        probe({ config: { endpoint, access: 'user' }, schema: { ...schema, response: { 401: {} } } }),
      ),
    ).toThrow(/no success response schema/);
    expect(() => checkRouteDefinition(probe({ config: { endpoint }, schema }))).toThrow(/no access rule/);
    expect(() => checkRouteDefinition(probe({ config: { endpoint, access: 'user' }, schema }))).not.toThrow();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, ROLE } from '@portal/contract';
import { bearer, createTestApp, errorBody, type TestApp } from '../../test/test-app';
import type { Access } from '@portal/contract';
import { requirePrincipal } from '../lib/principal';

let t: TestApp;
let adminToken: string;
let customerToken: string;

// One probe route per access level, behind the same hook as every real route.
const probes: Access[] = ['public', 'user', 'customer', 'admin'];

beforeAll(async () => {
  t = await createTestApp({
    extraApiRoutes: async (api) => {
      for (const access of probes) {
        api.get(`/probe/${access}`, { config: { access } }, async (request) => ({
          userId: request.principal?.userId ?? null,
        }));
      }
      api.get('/probe/undeclared', async (request) => ({ userId: requirePrincipal(request).userId }));
    },
  });
  adminToken = await t.login((await t.createUser({ roleId: ROLE.admin })).email);
  customerToken = await t.login((await t.createUser()).email);
});
afterAll(() => t.close());

const call = (path: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `/api/probe/${path}`, headers: token ? bearer(token) : {} });

describe('route access', () => {
  it.each([
    ['public', undefined, 200],
    ['public', 'customer', 200],
    ['user', undefined, 401],
    ['user', 'customer', 200],
    ['user', 'admin', 200],
    ['customer', undefined, 401],
    ['customer', 'customer', 200],
    ['customer', 'admin', 403],
    ['admin', undefined, 401],
    ['admin', 'customer', 403],
    ['admin', 'admin', 200],
    ['undeclared', undefined, 401],
    ['undeclared', 'customer', 200],
  ] as const)('%s route, %s caller: %i', async (route, caller, status) => {
    const token = caller === 'admin' ? adminToken : caller === 'customer' ? customerToken : undefined;
    const response = await call(route, token);
    expect(response.statusCode).toBe(status);
    if (status === 401) expect(errorBody(response)).toEqual({ message: AUTH_MESSAGES.unauthenticated });
    if (status === 403) expect(errorBody(response)).toEqual({ message: AUTH_MESSAGES.forbidden });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(errorBody(response)).toEqual({ message: 'The requested resource was not found' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  API_TOKEN_LAST_USED_STEP_MS,
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  MAX_ACTIVE_API_TOKENS,
  ROLE,
  type ApiToken,
} from '@portal/contract';
import { memoryLimiterFactory } from '../../adapters/rate-limit/rate-limiter';
import { advertisers, apiTokens, users } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { CAMPAIGN_DETAILS } from '../../../test/campaigns';
import { bearer, createTestApp, errorBody, type TestApp } from '../../../test/test-app';

const DAY = 86_400_000;
/** A low limit per token, so the test reaches it in a few requests. */
const TEST_TOKEN_LIMIT = 5;

describe('personal API tokens', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      limiterFactory: (options) =>
        memoryLimiterFactory(options.name === 'api-token' ? { ...options, points: TEST_TOKEN_LIMIT } : options),
    });
  });
  afterAll(() => t.close());

  async function customer() {
    const user = await t.createUser();
    return { user, session: await t.login(user.email) };
  }

  async function createToken(session: string, body: Record<string, unknown> = {}) {
    return t.app.inject({
      method: 'POST',
      url: '/api/customer/api-tokens',
      headers: bearer(session),
      payload: { name: 'Reporting script', scope: 'read', expires_in_days: 30, ...body },
    });
  }

  async function tokenOf(session: string, scope: 'read' | 'manage' = 'read') {
    const response = await createToken(session, { scope });
    expect(response.statusCode).toBe(201);
    return response.json<{ token: string; data: ApiToken }>();
  }

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

  it('is shown once, kept only as its hash, and listed without the secret', async () => {
    const { user, session } = await customer();
    const created = await createToken(session, { name: '  Nightly export ', scope: 'manage', expires_in_days: '90' });
    expect(created.statusCode).toBe(201);
    const body = created.json<{ message: string; token: string; data: ApiToken }>();
    expect(body.message).toBe(API_TOKEN_MESSAGES.created);
    expect(body.token.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(body.data).toMatchObject({ name: 'Nightly export', scope: 'manage', last_used_at: null });
    expect(body.token.slice(API_TOKEN_PREFIX.length).startsWith(body.data.hint)).toBe(true);
    expect(Date.parse(body.data.expires_at) - Date.parse(body.data.created_at)).toBe(90 * DAY);

    const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.userId, user.id));
    expect(row!.tokenHash).toBe(hashToken(body.token));
    expect(JSON.stringify(row)).not.toContain(body.token.slice(API_TOKEN_PREFIX.length));

    const list = await get('/api/customer/api-tokens', session);
    expect(list.json()).toEqual({ data: [body.data] });
    expect(list.body).not.toContain(body.token);
  });

  it('refuses a bad name, scope or expiry with 422, and administrators with 403', async () => {
    const { session } = await customer();
    for (const [body, field] of [
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(61) }, 'name'],
      [{ scope: 'admin' }, 'scope'],
      [{ expires_in_days: 7 }, 'expires_in_days'],
      [{ expires_in_days: 'never' }, 'expires_in_days'],
    ] as const) {
      const response = await createToken(session, body);
      expect(response.statusCode).toBe(422);
      expect(errorBody(response).errors?.[field]).toBeDefined();
    }
    const admin = await t.createUser({ roleId: ROLE.admin });
    expect((await createToken(await t.login(admin.email))).statusCode).toBe(403);
  });

  it('with the read scope reads lists and analytics, and is refused writes and everything else', async () => {
    const { session } = await customer();
    const { token } = await tokenOf(session, 'read');
    for (const url of [
      '/api/customer/my-active-campaigns',
      '/api/customer/campaigns-analytics',
      '/api/customer/campaigns-analytics/report?from=2026-11-01&to=2026-11-07',
      '/api/customer/campaigns-statistics',
      '/api/my-payment-activities',
    ]) {
      expect((await get(url, token)).statusCode, url).toBe(200);
    }
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/customer/create-campaign-details',
      headers: bearer(token),
      payload: CAMPAIGN_DETAILS,
    });
    expect(write.statusCode).toBe(403);
    expect(errorBody(write).message).toBe(API_TOKEN_MESSAGES.scopeTooNarrow);
  });

  it('with the manage scope creates and edits campaigns, but never reaches settings, tokens, cards or the team', async () => {
    const { session } = await customer();
    const { token } = await tokenOf(session, 'manage');
    const save = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/customer/create-campaign-details',
        headers: bearer(token),
        payload: { ...CAMPAIGN_DETAILS, campaign_name: name },
      });
    expect((await save('Made by a script')).statusCode).toBe(200);
    expect((await save('Renamed by a script')).statusCode).toBe(200);
    const draft = await get('/api/customer/campaign-draft', token);
    expect(draft.statusCode).toBe(200);
    expect(draft.body).toContain('Renamed by a script');

    for (const [method, url] of [
      ['GET', '/api/customer/api-tokens'],
      ['POST', '/api/customer/api-tokens'],
      ['GET', '/api/customer/current-session'],
      ['POST', '/api/customer/change-password'],
      ['POST', '/api/customer/two-factor/disable'],
      ['GET', '/api/customer/team'],
      ['GET', '/api/stripe/get-payment-methods'],
      ['POST', '/api/customer/auto-pay'],
      ['GET', '/api/customer/sessions'],
      ['POST', '/api/logout'],
      ['GET', '/api/admin-dashboard-stats'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: bearer(token), payload: {} });
      expect(response.statusCode, url).toBe(403);
      expect(errorBody(response).message, url).toBe(API_TOKEN_MESSAGES.notAllowed);
    }
  });

  it('answers 401 with its reason once expired, revoked, unknown, or its user or account suspended', async () => {
    const { user, session } = await customer();
    const url = '/api/customer/my-active-campaigns';
    const expectRefused = async (token: string, message: string) => {
      const response = await get(url, token);
      expect(response.statusCode).toBe(401);
      expect(errorBody(response).message).toBe(message);
    };

    const expiring = await tokenOf(session);
    expect((await get(url, expiring.token)).statusCode).toBe(200);
    t.clock.advance(30 * DAY);
    await expectRefused(expiring.token, API_TOKEN_MESSAGES.expired);
    t.clock.set(new Date());

    const revoked = await tokenOf(session);
    expect((await get(url, revoked.token)).statusCode).toBe(200);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/customer/api-tokens/${revoked.data.id}`,
      headers: bearer(session),
    });
    expect(revoke.json()).toEqual({ message: API_TOKEN_MESSAGES.revoked });
    // At once: a token is read on every request, never from the session cache.
    await expectRefused(revoked.token, API_TOKEN_MESSAGES.revokedToken);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/customer/api-tokens/${revoked.data.id}`,
      headers: bearer(session),
    });
    expect(again.statusCode).toBe(404);

    await expectRefused(`${API_TOKEN_PREFIX}nothing-like-it`, API_TOKEN_MESSAGES.unknown);

    const live = await tokenOf(session);
    const advertiserId = await t.advertiserOf(user.id);
    await t.database.db.update(advertisers).set({ suspendedAt: new Date() }).where(eq(advertisers.id, advertiserId));
    await expectRefused(live.token, API_TOKEN_MESSAGES.accountSuspended);
    await t.database.db.update(advertisers).set({ suspendedAt: null }).where(eq(advertisers.id, advertiserId));
    expect((await get(url, live.token)).statusCode).toBe(200);

    await t.database.db.update(users).set({ status: false }).where(eq(users.id, user.id));
    await expectRefused(live.token, API_TOKEN_MESSAGES.userSuspended);
  });

  it("cannot revoke another user's token", async () => {
    const owner = await customer();
    const other = await customer();
    const { data } = await tokenOf(owner.session);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/customer/api-tokens/${data.id}`,
      headers: bearer(other.session),
    });
    expect(response.statusCode).toBe(404);
  });

  it('has its own rate limit: 429 with Retry-After, while another token goes on', async () => {
    const { session } = await customer();
    const first = await tokenOf(session);
    const second = await tokenOf(session);
    const url = '/api/customer/my-active-campaigns';
    for (let i = 0; i < TEST_TOKEN_LIMIT; i++) expect((await get(url, first.token)).statusCode).toBe(200);
    const refused = await get(url, first.token);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorBody(refused).message).toBe(API_TOKEN_MESSAGES.tooManyRequests);
    expect((await get(url, second.token)).statusCode).toBe(200);
    // The session of the same user is not counted against the tokens.
    expect((await get(url, session)).statusCode).toBe(200);
  });

  it('writes the last use at most once a minute', async () => {
    const { session } = await customer();
    const { token, data } = await tokenOf(session);
    const lastUsed = async () =>
      (await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, data.id)))[0]!.lastUsedAt?.getTime();
    await get('/api/customer/my-active-campaigns', token);
    const first = await lastUsed();
    expect(first).toBe(t.clock.now().getTime());
    t.clock.advance(API_TOKEN_LAST_USED_STEP_MS - 1000);
    await get('/api/customer/my-active-campaigns', token);
    expect(await lastUsed()).toBe(first);
    t.clock.advance(2000);
    await get('/api/customer/my-active-campaigns', token);
    expect(await lastUsed()).toBe(t.clock.now().getTime());
    const list = await get('/api/customer/api-tokens', session);
    expect(list.json().data[0].last_used_at).toBe(t.clock.now().toISOString());
  });

  it(`keeps at most ${MAX_ACTIVE_API_TOKENS} active tokens per user, also when created at once`, async () => {
    const { user, session } = await customer();
    const answers = await Promise.all(
      Array.from({ length: MAX_ACTIVE_API_TOKENS + 5 }, (_, i) => createToken(session, { name: `Token ${i}` })),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_ACTIVE_API_TOKENS);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
    expect(errorBody(answers.find((answer) => answer.statusCode === 409)!).message).toBe(API_TOKEN_MESSAGES.tooMany);
    expect(await t.database.db.$count(apiTokens, eq(apiTokens.userId, user.id))).toBe(MAX_ACTIVE_API_TOKENS);

    // A revoked one frees a place.
    const { id } = answers.find((answer) => answer.statusCode === 201)!.json().data;
    await t.app.inject({ method: 'DELETE', url: `/api/customer/api-tokens/${id}`, headers: bearer(session) });
    expect((await createToken(session)).statusCode).toBe(201);
  });

  it('is described in the OpenAPI document: the scheme, and which operations take it', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(document.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const operation = (path: string, method: string) => document.paths[path][method];
    expect(operation('/api/customer/campaigns-analytics', 'get').security).toEqual([
      { bearerAuth: [] },
      { apiToken: [] },
    ]);
    expect(operation('/api/customer/create-campaign-details', 'post').description).toContain('manage scope');
    expect(operation('/api/customer/api-tokens', 'get').security).toEqual([{ bearerAuth: [] }]);
    expect(operation('/api/customer/campaigns-analytics', 'get').responses['429']).toBeDefined();
  });
});

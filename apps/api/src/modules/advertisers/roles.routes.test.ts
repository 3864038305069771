import { eq, and } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADVERTISER_HEADER,
  ADVERTISER_MESSAGES,
  ADVERTISER_ROLES,
  AUTH_MESSAGES,
  endpoints,
  fillPath,
  ROLE,
  roleAllows,
  type AdvertiserRole,
  type Endpoint,
} from '@portal/contract';
import { advertiserMembers, advertisers } from '../../db/schema';
import { insertCampaigns } from '../../../test/campaigns';
import { bearer, createTestApp, errorBody, type TestApp } from '../../../test/test-app';

/** Every endpoint that needs a role in the account a request names (docs/product/teams.md, Roles). */
const guarded = (Object.values(endpoints) as Endpoint[]).filter((endpoint) => endpoint.permission);

/** Path values that fill any path and name no record: the check comes before the route looks at them. */
const anyParams = { id: '999999', token: 'x'.repeat(32), userId: '999999', month: '2026-11', code: 'prohibited' };

describe('roles in an advertiser account', () => {
  let t: TestApp;
  let advertiserId: number;
  const tokens = {} as Record<AdvertiserRole | 'outsider' | 'admin', string>;
  let ownerId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await t.createUser({ withBilling: true });
    ownerId = owner.id;
    advertiserId = await t.advertiserOf(owner.id);
    tokens.owner = await t.login(owner.email);
    for (const role of ['manager', 'billing', 'viewer'] as const) {
      const member = await invitedMember(role);
      tokens[role] = await t.login(member.email);
    }
    tokens.outsider = await t.login((await t.createUser()).email);
    tokens.admin = await t.login((await t.createUser({ roleId: ROLE.admin })).email);
  });
  afterAll(() => t.close());

  /** A person who belongs to the account alone, as one who signed up through an invitation does. */
  async function invitedMember(role: AdvertiserRole) {
    const member = await t.createUser();
    await t.database.db.delete(advertiserMembers).where(eq(advertiserMembers.userId, member.id));
    await t.database.db.insert(advertiserMembers).values({ advertiserId, userId: member.id, role });
    return member;
  }

  /** A call in the shared account, or in the one `advertiser` names; null sends no header. */
  const call = (endpoint: Endpoint, token: string, advertiser: string | null = String(advertiserId)) =>
    t.app.inject({
      method: endpoint.method,
      url: `/api${fillPath(endpoint.path, anyParams)}`,
      headers: { ...bearer(token), ...(advertiser === null ? {} : { [ADVERTISER_HEADER]: advertiser }) },
    });

  // The list of the caller's own accounts, and their personal API tokens, belong to the person, not to an account.
  it('every customer endpoint needs a role, but the list of the caller’s own accounts and their API tokens', () => {
    const open = (Object.values(endpoints) as Endpoint[])
      .filter((endpoint) => endpoint.access === 'customer' && !endpoint.permission)
      .map((endpoint) => endpoint.name);
    expect(open.sort()).toEqual(['createApiToken', 'listApiTokens', 'listMemberships', 'revokeApiToken']);
  });

  describe.each(ADVERTISER_ROLES)('%s', (role) => {
    it.each(guarded.map((endpoint) => [endpoint.name, endpoint] as const))(
      '%s is refused exactly when the role does not allow it',
      async (_name, endpoint) => {
        // Leaving works: a member of the role leaves, not the one the other calls use.
        const token =
          endpoint.name === 'leaveAdvertiser' ? await t.login((await invitedMember(role)).email) : tokens[role];
        const response = await call(endpoint, token);
        const message = ADVERTISER_MESSAGES.roleForbidden(endpoint.permission!);
        if (roleAllows(role, endpoint.permission!)) {
          expect(response.statusCode).not.toBe(500);
          if (response.statusCode === 403) expect(errorBody(response).message).not.toBe(message);
        } else {
          expect(response.statusCode).toBe(403);
          expect(errorBody(response)).toEqual({ message });
        }
      },
    );
  });

  it('refuses an account the caller is not a member of, and a header that is not an id', async () => {
    const list = endpoints.listActiveCampaigns;
    expect(errorBody(await call(list, tokens.outsider))).toEqual({ message: ADVERTISER_MESSAGES.notMember });
    expect((await call(list, tokens.outsider)).statusCode).toBe(403);
    for (const header of ['abc', '0', '-1', '1.5', '99999999999']) {
      const response = await call(list, tokens.owner, header);
      expect(response.statusCode, header).toBe(403);
      expect(errorBody(response), header).toEqual({ message: ADVERTISER_MESSAGES.headerInvalid });
    }
  });

  it('acts on the caller’s first account when the request names none', async () => {
    await insertCampaigns(t, ownerId, [{ name: 'Shared' }]);
    const asManager = await call(endpoints.listActiveCampaigns, tokens.manager, null);
    expect(asManager.statusCode).toBe(200);
    expect(asManager.json().data.map((campaign: { campaign_name: string }) => campaign.campaign_name)).toContain(
      'Shared',
    );
    const asOutsider = await call(endpoints.listActiveCampaigns, tokens.outsider, null);
    expect(asOutsider.statusCode).toBe(200);
    expect(asOutsider.json().data).toEqual([]);
  });

  it('lists the caller’s accounts with the role in each', async () => {
    const response = await call(endpoints.listMemberships, tokens.viewer, null);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      { advertiser_id: advertiserId, name: expect.any(String), role: 'viewer', suspended: false, time_zone: 'UTC' },
    ]);
  });

  it('refuses a customer who belongs to no account, who can still list (none)', async () => {
    const loner = await t.createUser();
    await t.database.db.delete(advertiserMembers).where(eq(advertiserMembers.userId, loner.id));
    const token = await t.login(loner.email);
    const response = await call(endpoints.listActiveCampaigns, token, null);
    expect(response.statusCode).toBe(403);
    expect(errorBody(response)).toEqual({ message: ADVERTISER_MESSAGES.noAccount });
    expect((await call(endpoints.listMemberships, token, null)).json().data).toEqual([]);
  });

  it('refuses a removed member at once, with the token they already hold', async () => {
    const member = await invitedMember('manager');
    const token = await t.login(member.email);
    expect((await call(endpoints.listActiveCampaigns, token)).statusCode).toBe(200);
    await t.database.db
      .delete(advertiserMembers)
      .where(and(eq(advertiserMembers.advertiserId, advertiserId), eq(advertiserMembers.userId, member.id)));
    const response = await call(endpoints.listActiveCampaigns, token);
    expect(response.statusCode).toBe(403);
    expect(errorBody(response)).toEqual({ message: ADVERTISER_MESSAGES.notMember });
  });

  it('refuses every member of a suspended account until it is lifted', async () => {
    const owner = await t.createUser();
    const suspendedId = await t.advertiserOf(owner.id);
    const token = await t.login(owner.email);
    await t.database.db.update(advertisers).set({ suspendedAt: new Date() }).where(eq(advertisers.id, suspendedId));
    const response = await call(endpoints.listActiveCampaigns, token, String(suspendedId));
    expect(response.statusCode).toBe(403);
    expect(errorBody(response)).toEqual({ message: ADVERTISER_MESSAGES.suspended });
    expect((await call(endpoints.listMemberships, token, null)).json().data[0].suspended).toBe(true);
    await t.database.db.update(advertisers).set({ suspendedAt: null }).where(eq(advertisers.id, suspendedId));
    expect((await call(endpoints.listActiveCampaigns, token, String(suspendedId))).statusCode).toBe(200);
  });

  it('keeps administrators out of customer endpoints, and lets them read any receipt', async () => {
    const response = await call(endpoints.listActiveCampaigns, tokens.admin, null);
    expect(response.statusCode).toBe(403);
    expect(errorBody(response)).toEqual({ message: AUTH_MESSAGES.forbidden });
    // An unknown receipt is 404 for them, not a refusal for lack of an account.
    expect((await call(endpoints.getReceipt, tokens.admin, null)).statusCode).toBe(404);
  });
});

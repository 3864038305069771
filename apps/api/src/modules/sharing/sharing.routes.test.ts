import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  type AdvertiserRole,
  type CreatedSharedLink,
  PROFILE_PICTURE,
  REPORT_MESSAGES,
  ROLE,
  SHARED_LINK_LIMITS,
  SHARED_LINK_TEXTS,
  type SharedLink,
} from '@portal/contract';
import { advertiserMembers, advertisers, sharedLinks, users } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { PNG_SQUARE } from '../../../test/media-files';
import { AD_TEXTS, approveCampaign, enterFigures, insertCampaigns, wizardOf } from '../../../test/campaigns';
import { bearer, createTestApp, errorBody, type TestApp } from '../../../test/test-app';

const DAY_MS = 86_400_000;

/** docs/product/campaigns.md, Preview share links; docs/product/insights.md, Report links; decision 034. */
describe('shared links', () => {
  let t: TestApp, adminToken: string, ownerToken: string, ownerId: number, ownerEmail: string, advertiserId: number;
  let submitted: number, boots: number, coats: number, pendingOne: number, strangers: number;
  const wizard = wizardOf(() => t);
  const members: Partial<Record<AdvertiserRole, { id: number; token: string }>> = {};

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set('2026-11-20T12:00:00.000Z');
    adminToken = await t.login((await t.createUser({ roleId: ROLE.admin })).email);
    const owner = await t.createUser({ firstName: 'Olive', lastName: 'Owner' });
    ownerId = owner.id;
    ownerEmail = owner.email;
    ownerToken = await t.login(owner.email);
    advertiserId = await t.advertiserOf(owner.id);
    await t.database.db.update(advertisers).set({ name: 'Acme Agency' }).where(eq(advertisers.id, advertiserId));
    for (const role of ['manager', 'billing', 'viewer'] as const) {
      const member = await t.createUser({ firstName: role, lastName: 'Member' });
      await t.database.db.delete(advertiserMembers).where(eq(advertiserMembers.userId, member.id));
      await t.database.db.insert(advertiserMembers).values({ advertiserId, userId: member.id, role });
      members[role] = { id: member.id, token: await t.login(member.email) };
    }
    submitted = (await wizard.createSubmitted(ownerToken, { campaign_name: 'Spring shoes' })).id;
    [boots, coats, pendingOne] = (await insertCampaigns(t, owner.id, [
      { name: 'Winter boots', publishedOn: new Date('2026-11-01T15:00:00Z') },
      { name: 'Winter coats' },
      { name: 'Summer hats', approvalStatus: 'pending' },
    ])) as [number, number, number];
    const stranger = await t.createUser();
    [strangers] = (await insertCampaigns(t, stranger.id, [{ name: 'Not yours' }])) as [number];
    await enterFigures(t, adminToken, boots, '2026-11-02', { amount_spent: 30, link_clicks: 3 });
    await enterFigures(t, adminToken, boots, '2026-11-10', { amount_spent: 90, link_clicks: 9 });
    await enterFigures(t, adminToken, boots, '2026-11-12', { amount_spent: 85, link_clicks: 8 });
    await enterFigures(t, adminToken, coats, '2026-11-11', { amount_spent: 25 });
  });
  afterAll(() => t.close());

  const create = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/customer/shared-links', headers: bearer(token), payload });
  const created = async (token: string, payload: Record<string, unknown>) => {
    const answer = await create(token, payload);
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().data as CreatedSharedLink;
  };
  const list = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/customer/shared-links', headers: bearer(token) })).json()
      .data as SharedLink[];
  const revoke = (token: string, id: number) =>
    t.app.inject({ method: 'DELETE', url: `/api/customer/shared-links/${id}`, headers: bearer(token) });
  const open = (path: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'GET', url: `/api${path}`, remoteAddress });
  const expectGone = async (path: string) => {
    const answer = await open(path);
    expect(answer.statusCode).toBe(404);
    expect(errorBody(answer).message).toBe(SHARED_LINK_TEXTS.gone);
  };
  const report = (from: string, to: string, extra: Record<string, unknown> = {}) => ({
    kind: 'report',
    from,
    to,
    expires_in_days: 30,
    ...extra,
  });

  it('shows a preview of the ad and nothing else, counting each view', async () => {
    const link = await created(ownerToken, { kind: 'preview', campaign_id: submitted });
    expect(link.path).toMatch(/^\/shared\/preview\/[A-Za-z0-9_-]{43}$/);
    expect(link).toMatchObject({ kind: 'preview', campaign_name: 'Spring shoes', views: 0, created_by: 'Olive Owner' });
    expect(Date.parse(link.expires_at) - Date.parse(link.created_at)).toBe(7 * DAY_MS);
    // Only the hash is kept.
    const [row] = await t.database.db.select().from(sharedLinks).where(eq(sharedLinks.id, link.id));
    expect(row!.tokenHash).toBe(hashToken(link.path.split('/').pop()!));

    // The post shows the campaign's member's profile picture, by its stored (unguessable) name.
    const logo = `${PROFILE_PICTURE.folder}/4f0c1c7e-8d5a-4b7e-9a43-2f9d7e5b1a10.png`;
    await t.database.db.update(users).set({ logo }).where(eq(users.id, ownerId));
    const answer = await open(link.path);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
    const preview = answer.json().data;
    expect(Object.keys(preview).sort()).toEqual([
      'account_name',
      'additional_text',
      'destination_url',
      'expires_at',
      'logo',
      'media',
      'primary_text',
    ]);
    expect(preview).toMatchObject({
      account_name: 'Acme Agency',
      logo,
      primary_text: AD_TEXTS.ad_title,
      additional_text: AD_TEXTS.ad_description,
      destination_url: AD_TEXTS.destination_url,
      expires_at: link.expires_at,
    });
    expect(preview.media).toHaveLength(1);
    expect(Object.keys(preview.media[0]).sort()).toEqual(['kind', 'url']);
    expect(preview.media[0].kind).toBe('image');
    // A short-lived view address of the campaign's own file.
    const url = new URL(preview.media[0].url, 'http://localhost');
    expect(Number(url.searchParams.get('expires')) * 1000 - t.clock.now().getTime()).toBe(
      SHARED_LINK_LIMITS.mediaViewSeconds * 1000,
    );
    const file = await t.app.inject({ method: 'GET', url: preview.media[0].url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG_SQUARE)).toBe(true);
    // Nothing of the account beyond the ad: no e-mail, no ids.
    const owner = (await t.database.db.select().from(users).where(eq(users.id, ownerId)))[0]!;
    expect(answer.body).not.toContain(owner.email);
    expect(answer.body).not.toContain('"id"');

    t.clock.advance(60_000);
    expect((await open(link.path)).statusCode).toBe(200);
    const listed = (await list(ownerToken)).find((candidate) => candidate.id === link.id)!;
    expect(listed).toMatchObject({ views: 2, last_viewed_at: t.clock.now().toISOString() });
  });

  it('shares a draft only by the member whose draft it is', async () => {
    const draft = await wizard.saveDetails(members.manager!.token, { campaign_name: 'Manager draft' });
    const file = await wizard.upload(members.manager!.token);
    const ad = await wizard.saveAd(members.manager!.token, wizard.adBody(draft.id, [file]));
    expect(ad.statusCode, ad.body).toBe(200);
    const link = await created(members.manager!.token, { kind: 'preview', campaign_id: draft.id });
    expect((await open(link.path)).json().data).toMatchObject({ primary_text: AD_TEXTS.ad_title });
    const refused = await create(ownerToken, { kind: 'preview', campaign_id: draft.id });
    expect(refused.statusCode).toBe(404);
    expect(errorBody(refused).message).toBe(SHARED_LINK_TEXTS.campaignNotFound);
  });

  it('lets every role that sees campaigns make links, of its own account only', async () => {
    for (const role of ['manager', 'billing', 'viewer'] as const) {
      await created(members[role]!.token, report('2026-11-01', '2026-11-20', { campaign_id: boots }));
    }
    for (const payload of [
      { kind: 'preview', campaign_id: strangers },
      report('2026-11-01', '2026-11-20', { campaign_id: strangers }),
      // A report covers what the analytics page shows: approved campaigns.
      report('2026-11-01', '2026-11-20', { campaign_id: pendingOne }),
      { kind: 'preview', campaign_id: 999_999 },
    ]) {
      const answer = await create(ownerToken, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(404);
      expect(errorBody(answer).message).toBe(SHARED_LINK_TEXTS.campaignNotFound);
    }
    expect((await create(adminToken, { kind: 'preview', campaign_id: boots })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/customer/shared-links', payload: {} })).statusCode).toBe(
      401,
    );
  });

  it('refuses bad requests with 422 and the message on the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'kind', SHARED_LINK_TEXTS.kind],
      [{ kind: 'secret' }, 'kind', SHARED_LINK_TEXTS.kind],
      [{ kind: 'preview' }, 'campaign_id', SHARED_LINK_TEXTS.campaign],
      [{ kind: 'preview', campaign_id: 'abc' }, 'campaign_id', SHARED_LINK_TEXTS.campaign],
      [{ kind: 'preview', campaign_id: -1 }, 'campaign_id', SHARED_LINK_TEXTS.campaign],
      [report('2026-11-01', '2026-11-20', { expires_in_days: 14 }), 'expires_in_days', SHARED_LINK_TEXTS.expiresIn],
      [report('2026-11-01', '2026-11-20', { expires_in_days: '30' }), 'expires_in_days', SHARED_LINK_TEXTS.expiresIn],
      [report('2026-11-20', '2026-11-01'), 'from', REPORT_MESSAGES.order],
      [report('2025-01-01', '2026-11-01'), 'to', REPORT_MESSAGES.tooLong],
      [report('1 Nov', '2026-11-01'), 'from', REPORT_MESSAGES.from],
      [{ kind: 'report', from: '2026-11-01', expires_in_days: 7 }, 'to', REPORT_MESSAGES.to],
    ];
    for (const [payload, field, message] of cases) {
      const answer = await create(ownerToken, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(422);
      expect(errorBody(answer).errors?.[field], JSON.stringify(payload)).toContain(message);
    }
  });

  it("shows a report with the signed-in report's figures, and no ids", async () => {
    const get = async (url: string) =>
      (await t.app.inject({ method: 'GET', url, headers: bearer(ownerToken) })).json().data;
    const campaignLink = await created(ownerToken, report('2026-11-04', '2026-11-12', { campaign_id: boots }));
    expect(campaignLink.path).toMatch(/^\/shared\/report\/[A-Za-z0-9_-]{43}$/);
    expect(campaignLink).toMatchObject({ from: '2026-11-04', to: '2026-11-12', campaign_name: 'Winter boots' });
    const shared = (await open(campaignLink.path)).json().data;
    const signedIn = await get(`/api/customer/campaigns-analytics/${boots}/report?from=2026-11-04&to=2026-11-12`);
    expect(shared).toEqual({
      title: 'Winter boots',
      subject: 'campaign',
      from: '2026-11-04',
      to: '2026-11-12',
      totals: signedIn.totals,
      days: signedIn.days,
      expires_at: campaignLink.expires_at,
    });
    expect(shared.totals.amount_spent).toBe(55);

    const accountLink = await created(ownerToken, report('2026-11-01', '2026-11-20', { campaign_id: null }));
    expect(accountLink.campaign_id).toBeNull();
    const whole = (await open(accountLink.path)).json().data;
    const signedInWhole = await get('/api/customer/campaigns-analytics/report?from=2026-11-01&to=2026-11-20');
    expect(whole).toMatchObject({ title: 'Acme Agency', subject: 'account', totals: signedInWhole.totals });
    expect(whole.days).toEqual(signedInWhole.days);
    expect(whole.totals.amount_spent).toBe(110);
    expect(JSON.stringify(whole)).not.toContain('campaign_id');
  });

  it('ends a link at its expiry: 7 days for a preview, 7, 30 or 90 for a report', async () => {
    const preview = await created(ownerToken, { kind: 'preview', campaign_id: boots });
    const links = await Promise.all(
      ([7, 30, 90] as const).map((days) =>
        created(ownerToken, report('2026-11-01', '2026-11-20', { expires_in_days: days })),
      ),
    );
    links.forEach((link, index) =>
      expect(Date.parse(link.expires_at) - Date.parse(link.created_at)).toBe([7, 30, 90][index]! * DAY_MS),
    );
    const start = t.clock.now();
    try {
      t.clock.advance(7 * DAY_MS - 1);
      expect((await open(preview.path)).statusCode).toBe(200);
      t.clock.advance(1);
      await expectGone(preview.path);
      await expectGone(links[0]!.path);
      expect((await open(links[1]!.path)).statusCode).toBe(200);
      t.clock.advance(23 * DAY_MS);
      await expectGone(links[1]!.path);
      expect((await open(links[2]!.path)).statusCode).toBe(200);
      // Expired links leave the list (a new sign-in: the session has expired meanwhile).
      expect((await list(await t.login(ownerEmail))).map((link) => link.id)).not.toContain(preview.id);
    } finally {
      t.clock.set(start);
    }
  });

  it('stops a revoked link at once; the maker or an owner revokes it', async () => {
    const managers = await created(members.manager!.token, { kind: 'preview', campaign_id: boots });
    const owners = await created(ownerToken, { kind: 'preview', campaign_id: boots });
    // A member sees and revokes their own links; an owner every link of the account.
    expect((await list(members.manager!.token)).map((link) => link.id)).toContain(managers.id);
    expect((await list(members.manager!.token)).map((link) => link.id)).not.toContain(owners.id);
    expect((await list(ownerToken)).map((link) => link.id)).toEqual(expect.arrayContaining([managers.id, owners.id]));
    expect((await revoke(members.manager!.token, owners.id)).statusCode).toBe(404);
    expect((await revoke(members.viewer!.token, managers.id)).statusCode).toBe(404);

    const revoked = await revoke(ownerToken, managers.id);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({ message: SHARED_LINK_TEXTS.revoked });
    await expectGone(managers.path);
    expect((await list(ownerToken)).map((link) => link.id)).not.toContain(managers.id);
    const again = await revoke(ownerToken, managers.id);
    expect(again.statusCode).toBe(404);
    expect(errorBody(again).message).toBe(SHARED_LINK_TEXTS.notFound);
    expect((await revoke(ownerToken, 0)).statusCode).toBe(404);
  });

  it('answers a tampered, unknown, malformed or misplaced token with the same 404', async () => {
    const link = await created(ownerToken, { kind: 'preview', campaign_id: boots });
    const token = link.path.split('/').pop()!;
    const tampered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    await expectGone(`/shared/preview/${tampered}`);
    await expectGone(`/shared/preview/${'x'.repeat(43)}`);
    await expectGone('/shared/preview/abc');
    await expectGone(`/shared/preview/${token}${'A'.repeat(500)}`);
    await expectGone(`/shared/preview/${encodeURIComponent("' or 1=1 --")}`);
    await expectGone(`/shared/report/${token}`);
    expect((await open(link.path)).statusCode).toBe(200);
  });

  it('stops the links of a banned maker, of a suspended account and of a member who left', async () => {
    const viewer = members.viewer!;
    const link = await created(viewer.token, report('2026-11-01', '2026-11-20'));
    const setViewer = (status: boolean) => t.database.db.update(users).set({ status }).where(eq(users.id, viewer.id));
    await setViewer(false);
    await expectGone(link.path);
    await setViewer(true);
    expect((await open(link.path)).statusCode).toBe(200);

    const suspend = (at: Date | null) =>
      t.database.db.update(advertisers).set({ suspendedAt: at }).where(eq(advertisers.id, advertiserId));
    await suspend(t.clock.now());
    await expectGone(link.path);
    await suspend(null);
    expect((await open(link.path)).statusCode).toBe(200);

    const membership = and(eq(advertiserMembers.advertiserId, advertiserId), eq(advertiserMembers.userId, viewer.id));
    await t.database.db.delete(advertiserMembers).where(membership);
    try {
      await expectGone(link.path);
    } finally {
      await t.database.db.insert(advertiserMembers).values({ advertiserId, userId: viewer.id, role: 'viewer' });
    }
  });

  it('stops a link whose campaign is deleted for good', async () => {
    const campaignId = (await wizard.createSubmitted(ownerToken, { campaign_name: 'Short lived' })).id;
    await approveCampaign(t, adminToken, campaignId);
    const preview = await created(ownerToken, { kind: 'preview', campaign_id: campaignId });
    const reportLink = await created(ownerToken, report('2026-11-01', '2026-11-20', { campaign_id: campaignId }));
    expect((await open(reportLink.path)).statusCode).toBe(200);
    await wizard.setState(campaignId, { deletedAt: t.clock.now() });
    await expectGone(preview.path);
    await expectGone(reportLink.path);
  });

  it('counts every one of many views at once', async () => {
    const link = await created(ownerToken, report('2026-11-01', '2026-11-20', { campaign_id: coats }));
    const answers = await Promise.all(Array.from({ length: 20 }, () => open(link.path, '10.0.0.20')));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    expect((await list(ownerToken)).find((candidate) => candidate.id === link.id)!.views).toBe(20);
  });

  it('limits the views of shared pages from one address', async () => {
    const paths = Array.from({ length: SHARED_LINK_LIMITS.viewsPerAddressPerHour }, () => '/shared/report/nothing');
    for (const path of paths) expect((await open(path, '10.0.0.99')).statusCode).toBe(404);
    const refused = await open('/shared/report/nothing', '10.0.0.99');
    expect(refused.statusCode).toBe(429);
    expect(errorBody(refused).message).toBe(SHARED_LINK_TEXTS.tooManyViews);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await open('/shared/report/nothing', '10.0.0.98')).statusCode).toBe(404);
  });

  it(`keeps at most ${SHARED_LINK_LIMITS.perAccount} active links per account, also when asked at once`, async () => {
    const now = t.clock.now();
    const active = await list(ownerToken);
    const missing = SHARED_LINK_LIMITS.perAccount - 1 - active.length;
    await t.database.db.insert(sharedLinks).values(
      Array.from({ length: missing }, (_, index) => ({
        advertiserId,
        createdBy: ownerId,
        kind: 'report' as const,
        rangeFrom: '2026-11-01',
        rangeTo: '2026-11-20',
        tokenHash: hashToken(`filler-${index}`),
        createdAt: now,
        expiresAt: new Date(now.getTime() + DAY_MS),
      })),
    );
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => create(ownerToken, { kind: 'preview', campaign_id: boots })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(errorBody(answers.find((answer) => answer.statusCode === 409)!).message).toBe(SHARED_LINK_TEXTS.tooMany);
    expect(await list(ownerToken)).toHaveLength(SHARED_LINK_LIMITS.perAccount);

    // A revoked or expired link makes room.
    const [first] = await list(ownerToken);
    expect((await revoke(ownerToken, first!.id)).statusCode).toBe(200);
    expect((await create(ownerToken, { kind: 'preview', campaign_id: boots })).statusCode).toBe(201);
    t.clock.advance(DAY_MS);
    try {
      expect((await create(await t.login(ownerEmail), { kind: 'preview', campaign_id: boots })).statusCode).toBe(201);
    } finally {
      t.clock.advance(-DAY_MS);
    }
  });
});

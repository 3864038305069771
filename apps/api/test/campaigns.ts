import { expect } from 'vitest';
import { FIGURES, type CampaignDetail } from '@portal/contract';
import { CampaignRepository } from '../src/modules/campaigns/campaign.repository';
import { campaigns } from '../src/db/schema';
import { multipart } from './fixtures';
import { PNG_SQUARE } from './media-files';
import { bearer, type TestApp } from './test-app';

/** Step 1 of the wizard as a customer fills it in. */
export const CAMPAIGN_DETAILS = {
  campaign_name: 'Spring launch',
  campaign_objective: 'Brand awareness',
  status: 'active',
  budget_type: 'daily',
  budget_amount: 40,
  keywords: ['spring', 'launch', 'shoes'],
};

/** Step 2 of the wizard, without its files. */
export const AD_TEXTS = {
  ad_title: 'New shoes for spring',
  ad_description: 'Free delivery this week',
  destination_url: 'https://shop.example.com/spring',
};

/**
 * The wizard's calls, so tests can build campaigns the way the front end does. Takes the test
 * app lazily: describe blocks set it up in beforeAll.
 */
export function wizardOf(testApp: () => TestApp) {
  async function saveDetails(token: string, change: Record<string, unknown> = {}) {
    const answer = await testApp().app.inject({
      method: 'POST',
      url: '/api/customer/create-campaign-details',
      headers: bearer(token),
      payload: { ...CAMPAIGN_DETAILS, ...change },
    });
    expect(answer.statusCode).toBe(200);
    return answer.json().data as { id: number; user_id: number };
  }

  /**
   * Issues an upload address for a file of `bytes`' size (a PNG unless `name` and `type` say
   * otherwise) and, unless told not to, uploads `bytes` to it. The default picture passes the
   * checks before review.
   */
  async function upload(
    token: string,
    bytes: Buffer = PNG_SQUARE,
    { send = true, name = 'photo.png', type = 'image/png' } = {},
  ) {
    const issued = await testApp().app.inject({
      method: 'POST',
      url: '/api/ad-templates/presigned-url',
      headers: bearer(token),
      payload: { file_name: name, file_type: type, file_size: bytes.length },
    });
    const { key, url, headers } = issued.json();
    if (send) expect(await putFile(url, headers, bytes)).toBe(200);
    return key as string;
  }

  /** PUT of the raw file as the browser sends it: to the API's own store (a path) or to a bucket (an absolute URL). */
  async function putFile(url: string, headers: Record<string, string>, bytes: Buffer): Promise<number> {
    if (/^https?:\/\//.test(url)) {
      return (await fetch(url, { method: 'PUT', headers, body: new Uint8Array(bytes) })).status;
    }
    const put = await testApp().app.inject({ method: 'PUT', url, headers, payload: bytes });
    return put.statusCode;
  }

  const adBody = (campaignId: number, keys: string[], change: Record<string, unknown> = {}) => ({
    user_id: 1,
    campaign_id: campaignId,
    ...AD_TEXTS,
    campaign_content: keys.map((key) => ({ s3_key: key, s3_url: 'ignored', name: 'photo.png' })),
    ...change,
  });

  const saveAd = (token: string, payload: Record<string, unknown>) =>
    testApp().app.inject({ method: 'POST', url: '/api/customer/create-ad-template', headers: bearer(token), payload });

  const publish = (token: string, payload: Record<string, unknown>) =>
    testApp().app.inject({ method: 'POST', url: '/api/customer/publish-campaign', headers: bearer(token), payload });

  /** A campaign through the whole wizard: details, one uploaded file, the ad, published. */
  async function createSubmitted(token: string, change: Record<string, unknown> = {}): Promise<CampaignDetail> {
    const campaign = await saveDetails(token, change);
    const ad = await saveAd(token, adBody(campaign.id, [await upload(token)]));
    expect(ad.statusCode).toBe(200);
    const published = await publish(token, { campaign_id: campaign.id, template_id: ad.json().data.id });
    expect(published.statusCode).toBe(200);
    return published.json().data;
  }

  /** Sets a campaign's state directly, for what administrators and payments do elsewhere. */
  const setState = (id: number, changes: Partial<typeof campaigns.$inferInsert>) =>
    new CampaignRepository(testApp().database.db).update(id, changes);

  return { saveDetails, upload, putFile, adBody, saveAd, publish, createSubmitted, setState };
}

/** A card the payments sandbox accepts. */
const GOOD_CARD = { card_number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

/** Pays a campaign's open link with a good card, as the customer whose `headers` are given, and handles the events. */
export async function payOpenLink(testApp: TestApp, headers: Record<string, string>, campaignId: number) {
  const list = await testApp.app.inject({ method: 'GET', url: '/api/customer/my-active-campaigns', headers });
  const url = (list.json().data as { id: number; payment_link_url: string }[]).find(
    (row) => row.id === campaignId,
  )!.payment_link_url;
  const paid = await testApp.app.inject({
    method: 'POST',
    url: `/api/checkout/${url.split('/checkout/')[1]}/pay`,
    headers,
    payload: GOOD_CARD,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  await testApp.app.events.dispatchPending();
}

/** Approves a submitted campaign as an administrator, and hands the approval's events to their subscribers. */
export async function approveCampaign(testApp: TestApp, adminToken: string, campaignId: number) {
  const decided = await testApp.app.inject({
    method: 'POST',
    url: `/api/update-campaign-approval-status/${campaignId}`,
    headers: bearer(adminToken),
    payload: { approval_status: 'approved' },
  });
  expect(decided.statusCode).toBe(200);
  await testApp.app.events.dispatchPending();
}

/**
 * Campaigns written straight to the database, for tests about what is read from many of them
 * (lists, dashboards, exports) rather than how they are made. Newest last: each is a minute
 * younger than the one before.
 */
export async function insertCampaigns(
  testApp: TestApp,
  userId: number,
  rows: Partial<typeof campaigns.$inferInsert>[],
): Promise<number[]> {
  const start = testApp.clock.now().getTime() - rows.length * 60_000;
  const advertiserId = await testApp.advertiserOf(userId);
  const inserted = await testApp.database.db
    .insert(campaigns)
    .values(
      rows.map((row, index) => {
        const at = new Date(start + index * 60_000);
        return {
          advertiserId,
          userId,
          name: `Campaign ${index + 1}`,
          objective: 'Brand awareness' as const,
          budgetType: 'lifetime' as const,
          budgetAmount: '100.00',
          keywords: ['shoes'],
          approvalStatus: 'approved' as const,
          createdAt: at,
          updatedAt: at,
          ...row,
        };
      }),
    )
    .returning({ id: campaigns.id });
  return inserted.map((row) => row.id);
}

/**
 * Saves a statistics entry as the Edit metrics dialog does, as an administrator: every required
 * figure `base` unless `figures` gives it, dated `day` ('YYYY-MM-DD'), paid on 1 Nov 2026, posted
 * twice.
 */
export async function enterFigures(
  testApp: TestApp,
  adminToken: string,
  campaignId: number,
  day: string,
  figures: Record<string, number> = {},
  base = 0,
) {
  const body = await multipart({
    ...Object.fromEntries(FIGURES.filter((figure) => figure.required).map((figure) => [figure.key, String(base)])),
    ...Object.fromEntries(Object.entries(figures).map(([name, value]) => [name, String(value)])),
    created_at: `${day}T00:00:00Z`,
    date_paid: '2026-11-01',
    'dates[0]': '2026-11-02T09:00:00Z',
    'dates[1]': '2026-11-03T18:30:00Z',
  });
  const answer = await testApp.app.inject({
    method: 'POST',
    url: `/api/campaign/add-update-performance-stats/${campaignId}`,
    headers: { ...bearer(adminToken), ...body.headers },
    payload: body.payload,
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

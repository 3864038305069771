import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext } from '@playwright/test';
import { ADMIN } from './server-env';

const here = path.dirname(fileURLToPath(import.meta.url));
export const PHOTO = path.join(here, '..', 'fixtures', 'photo.png');
export const CLIP = path.join(here, '..', 'fixtures', 'clip.mp4');

/** Signs in through the API and returns the bearer token. */
export async function tokenOf(request: APIRequestContext, account: { email: string; password: string }) {
  const answer = await request.post('/api/login', { data: account });
  expect(answer.status()).toBe(200);
  return (await answer.json()).access_token as string;
}

/**
 * A campaign sent for review through the same calls the wizard makes: details, one uploaded
 * image, the ad, publish. For tests that start from existing campaigns; `details` changes the
 * first step's fields (a $120 lifetime budget unless it says otherwise).
 */
export async function createCampaignThroughApi(
  request: APIRequestContext,
  token: string,
  name: string,
  details: Record<string, unknown> = {},
) {
  const headers = { authorization: `Bearer ${token}` };
  const saved = await request.post('/api/customer/create-campaign-details', {
    headers,
    data: {
      campaign_name: name,
      campaign_objective: 'Brand awareness',
      status: 'active',
      budget_type: 'lifetime',
      budget_amount: 120,
      keywords: ['seeded', 'campaign', 'e2e'],
      ...details,
    },
  });
  expect(saved.status()).toBe(200);
  const campaignId = (await saved.json()).data.id as number;

  const bytes = readFileSync(PHOTO);
  const issued = await request.post('/api/ad-templates/presigned-url', {
    headers,
    data: { file_name: 'photo.png', file_type: 'image/png', file_size: bytes.length },
  });
  const upload = await issued.json();
  expect((await request.put(upload.url, { headers: upload.headers, data: bytes })).status()).toBe(200);

  const ad = await request.post('/api/customer/create-ad-template', {
    headers,
    data: {
      campaign_id: campaignId,
      ad_title: `${name}: new this week`,
      ad_description: 'Free delivery',
      destination_url: 'https://shop.example.com/',
      campaign_content: [{ s3_key: upload.key, s3_url: upload.url, name: 'photo.png' }],
    },
  });
  expect(ad.status()).toBe(200);
  const published = await request.post('/api/customer/publish-campaign', {
    headers,
    data: { campaign_id: campaignId, template_id: (await ad.json()).data.id },
  });
  expect(published.status()).toBe(200);
  return campaignId;
}

/** The administrator approves a campaign through the API; approval opens its payment link. */
export async function approveThroughApi(request: APIRequestContext, campaignId: number) {
  const approved = await request.post(`/api/update-campaign-approval-status/${campaignId}`, {
    headers: { authorization: `Bearer ${await tokenOf(request, ADMIN)}` },
    data: { approval_status: 'approved' },
  });
  expect(approved.status()).toBe(200);
}

/**
 * What an administrator types into Edit metrics in the tests: every figure the dialog requires,
 * in the order the dialog lists them (keyboard tests move through them in that order).
 */
export const METRIC_FIGURES: [label: RegExp, value: string][] = [
  [/^Amount spent/, '1250.50'],
  [/^Ad Cost/, '300'],
  [/^Followers/, '420'],
  [/^Posts/, '6'],
  [/^Total Reach/, '18000'],
  [/^Post Reach/, '12000'],
  [/^Story Reach/, '6000'],
  [/^Total Impressions/, '25000'],
  [/^Post Impressions/, '17000'],
  [/^Story Impressions/, '8000'],
  [/^Likes/, '900'],
  [/^Comments/, '75'],
  [/^Shares/, '40'],
  [/^Saves/, '33'],
  [/^Link Clicks/, '250'],
  [/^Story Account Taps/, '21'],
  [/^Stories With Link/, '4'],
];

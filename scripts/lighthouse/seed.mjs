// The data the measured pages show: a customer with campaigns in every review state (three
// approved with figures, one waiting for review), written through the API as the wizard and an
// administrator would write them.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const PHOTO = path.resolve('e2e/fixtures/photo.png');
export const APPROVED = ['Spring shoes', 'Summer hats', 'Autumn coats'];
const PENDING = 'Winter boots';

/** The customer is written before the server opens the database: PGlite has one process at a time. */
export function createCustomer(env, customer) {
  const result = spawnSync(
    process.execPath,
    ['apps/api/dist/create-customer.js', '--email', customer.email, '--password', customer.password],
    { env, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`create-customer failed: ${result.stderr || result.stdout}`);
}

/** An API client for `origin`: `url` is an endpoint's path under /api, or an address the API handed out. */
function apiClient(origin) {
  return async function call(method, url, { token, body, headers = {} } = {}) {
    const address = new URL(url.startsWith('/api/') || url.startsWith('http') ? url : `/api${url}`, origin);
    const binary = body instanceof Uint8Array;
    const response = await fetch(address, {
      method,
      headers: {
        ...(body !== undefined && !binary ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined || binary ? body : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
}

/** A campaign sent for review through the calls the wizard makes: details, one image, the ad, publish. */
async function createCampaign(call, token, name) {
  const details = await call('POST', '/customer/create-campaign-details', {
    token,
    body: {
      campaign_name: name,
      campaign_objective: 'Brand awareness',
      status: 'active',
      budget_type: 'lifetime',
      budget_amount: 500,
      keywords: ['lighthouse', 'seasonal', 'campaign'],
    },
  });
  const bytes = new Uint8Array(readFileSync(PHOTO));
  const upload = await call('POST', '/ad-templates/presigned-url', {
    token,
    body: { file_name: 'photo.png', file_type: 'image/png', file_size: bytes.length },
  });
  await call('PUT', upload.url, { headers: upload.headers, body: bytes });
  const ad = await call('POST', '/customer/create-ad-template', {
    token,
    body: {
      campaign_id: details.data.id,
      ad_title: `${name}: new this week`,
      ad_description: 'Free delivery',
      destination_url: 'https://shop.example.com/',
      campaign_content: [{ s3_key: upload.key, s3_url: upload.url, name: 'photo.png' }],
    },
  });
  await call('POST', '/customer/publish-campaign', {
    token,
    body: { campaign_id: details.data.id, template_id: ad.data.id },
  });
  return details.data.id;
}

/** Figures as an administrator enters them in Edit metrics, scaled so the campaigns differ. */
function figures(scale) {
  const today = new Date().toISOString().slice(0, 10);
  const count = (value) => Math.round(value * scale);
  return {
    amount_spent: Math.round(1250.5 * scale * 100) / 100,
    ad_cost: count(300),
    followers_count: count(420),
    posts: count(6),
    duration: 24,
    total_reach: count(18000),
    post_reach: count(12000),
    story_reach: count(6000),
    total_impressions: count(25000),
    post_impressions: count(17000),
    story_impressions: count(8000),
    post_likes: count(900),
    post_comments: count(75),
    post_shares: count(40),
    post_saves: count(33),
    story_account_taps: count(21),
    stories_with_link: count(4),
    link_clicks: count(250),
    created_at: today,
    date_paid: today,
    dates: [today],
  };
}

/** Writes the campaigns; answers the id of one approved campaign (for the admin's review page). */
export async function seed(origin, { customer, admin }) {
  const call = apiClient(origin);
  const tokenOf = async (account) => (await call('POST', '/login', { body: account })).access_token;
  const customerToken = await tokenOf(customer);
  const adminToken = await tokenOf(admin);
  const ids = [];
  for (const [index, name] of APPROVED.entries()) {
    const id = await createCampaign(call, customerToken, name);
    await call('POST', `/update-campaign-approval-status/${id}`, {
      token: adminToken,
      body: { approval_status: 'approved' },
    });
    await call('POST', `/campaign/add-update-performance-stats/${id}`, { token: adminToken, body: figures(index + 1) });
    ids.push(id);
  }
  await createCampaign(call, customerToken, PENDING);
  return { campaignId: ids[0] };
}

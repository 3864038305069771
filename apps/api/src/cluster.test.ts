import { randomBytes, randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, FIGURES, PAYMENT_MESSAGES, SIGNUP_MESSAGES, approvalNotice } from '@portal/contract';
import {
  eventually,
  openEventStream,
  outputTails,
  startRoundRobinProxy,
  startServerProcess,
  waitUntilReady,
  type EventStream,
  type RoundRobinProxy,
  type ServerProcess,
} from '../test/cluster';
import { PNG_SQUARE } from '../test/media-files';
import { startS3Server, type TestS3Server } from '../test/s3-server';
import { openTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from './db/database';
import { LOGIN_LIMITS } from './modules/credentials/password-tries';
import { readOutbox } from './modules/mail/mailbox.routes';
import { SESSION_CACHE_TTL_MS } from './modules/auth/session-cache';

/**
 * The production topology of docs/deploy.md, for real: two ROLE=web processes behind a load
 * balancer and one ROLE=worker, sharing one PostgreSQL database, Redis and an S3 bucket. Each
 * step goes through whichever process the balancer picks, so it holds only if nothing a step
 * needs is kept in one process's memory.
 */
describe.skipIf(!process.env.DATABASE_URL || !process.env.REDIS_URL)('two web processes and a worker', () => {
  const admin = { email: `cluster-admin-${randomBytes(4).toString('hex')}@example.com`, password: 'Cluster-admin-1' };
  const customer = { email: `cluster-${randomBytes(4).toString('hex')}@example.com`, password: 'Sunny-Day-42' };
  // The visitor's address as the balancer passes it on: the login and sign-up limits count it in
  // Redis, which outlives this run, so each run is a visitor of its own.
  const visitor = `198.18.${randomInt(256)}.${randomInt(1, 255)}`;

  let database: DatabaseHandle & { url?: string };
  let s3: TestS3Server;
  let dataDir: string;
  let servers: ServerProcess[] = [];
  let webA: ServerProcess, webB: ServerProcess;
  let proxy: RoundRobinProxy;
  const streams: EventStream[] = [];

  beforeAll(async () => {
    database = await openTestDatabase({ migrated: false });
    s3 = await startS3Server();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-cluster-'));
    // The balancer first, so the processes can be told the address users reach them at; it
    // learns the web processes' addresses once they listen.
    const backends: string[] = [];
    proxy = await startRoundRobinProxy(backends, visitor);
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: database.url!,
      REDIS_URL: process.env.REDIS_URL!,
      // Every process applies the migrations at start: they take turns under an advisory lock.
      MIGRATE: 'true',
      // The outbox (DATA_DIR/outbox) is the one e-mail transport: the worker writes, the test reads.
      DATA_DIR: dataDir,
      SMTP_URL: '',
      WEB_DIST_DIR: '/nonexistent',
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      // No Stripe keys: payments go through the built-in sandbox.
      STRIPE_SECRET_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      CARD_PUBLISHABLE_KEY: '',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      TRUST_PROXY: '1',
      PUBLIC_ORIGIN: proxy.url,
    };
    // All three at once, on a database with no table yet. Those that start are kept for
    // afterAll to stop, even if another fails.
    const roles = ['web', 'web', 'worker'] as const;
    const started = await Promise.allSettled(
      roles.map((role, index) => startServerProcess(`${role}-${'ABW'[index]}`, { ...env, ROLE: role })),
    );
    servers = started.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    const failed = started.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    [webA, webB] = servers as [ServerProcess, ServerProcess];
    backends.push(webA.url, webB.url);
    await Promise.all(servers.map((server) => waitUntilReady(server)));
    // Ready means the migrations are applied; start-up goes on to seed the administrator and, in
    // the worker, to listen for events. This line is printed once all of that is done.
    await Promise.all(
      servers.map((server, index) => server.printed(`listening on ${proxy.url} (role: ${roles[index]}`, 30_000)),
    );
  }, 180_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await proxy?.close();
    await Promise.all(servers.map((server) => server.stop()));
    await database?.close();
    await s3?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  // The processes' own logs say what went wrong inside them.
  beforeEach(({ onTestFailed }) => onTestFailed(() => console.log(outputTails(servers))));

  let customerToken: string, adminToken: string, userId: number, campaignId: number;

  it('signs a customer up, each step on whichever process the balancer picks', async () => {
    const registered = await call(proxy.url, 'POST', '/api/register', {
      json: { email: customer.email, password: customer.password, password_confirmation: customer.password },
    });
    expect(registered.status, registered.text).toBe(200);
    expect(registered.body).toMatchObject({ message: SIGNUP_MESSAGES.registered, user: { email: customer.email } });
    userId = registered.body.user.id;
    const cookie = registered.setCookie.find((value) => value.startsWith('portal_signup='))!.split(';')[0]!;

    // The web process queues the code; the worker sends it to the outbox.
    const otp = await eventually(() => codeMailedTo(customer.email), 20_000);
    const steps = [
      ['/api/verify-otp', { user_id: userId, otp }, SIGNUP_MESSAGES.codeVerified],
      ['/api/update-personal-info', { user_id: userId, first_name: 'Clara', last_name: 'Cluster' }, undefined],
    ] as const;
    for (const [url, json, message] of steps) {
      const answer = await call(proxy.url, 'POST', url, { json, headers: { cookie } });
      expect(answer.status, answer.text).toBe(200);
      if (message) expect(answer.body.message).toBe(message);
    }
    const billing = await call(proxy.url, 'POST', '/api/update-billing-details', {
      headers: { cookie },
      json: {
        user_id: userId,
        type: 'company',
        business_name: 'Cluster Ads',
        tax_id: 'DE123456',
        currency: 'USD',
        country: 'de',
        address: 'Hauptstrasse 1',
        city: 'Berlin',
        state: 'Berlin',
        postal_code: '10115',
      },
    });
    expect(billing.status, billing.text).toBe(200);
    expect(billing.body).toMatchObject({ message: SIGNUP_MESSAGES.accountReady, is_first_login: true });
    customerToken = billing.body.access_token;
    // The session made on one process is known to both.
    for (const server of [webA, webB]) {
      const session = await call(server.url, 'GET', '/api/customer/current-session', { token: customerToken });
      expect(session.status, session.text).toBe(200);
    }

    adminToken = await login(proxy.url, admin.email, admin.password);
  });

  it('builds a campaign with its file uploaded to the bucket, and submits it', async () => {
    const details = await call(proxy.url, 'POST', '/api/customer/create-campaign-details', {
      token: customerToken,
      json: {
        campaign_name: 'Cluster launch',
        campaign_objective: 'Brand awareness',
        status: 'active',
        budget_type: 'lifetime',
        budget_amount: 175,
        keywords: ['cluster', 'shoes', 'spring'],
      },
    });
    expect(details.status, details.text).toBe(200);
    campaignId = details.body.data.id;

    const issued = await call(proxy.url, 'POST', '/api/ad-templates/presigned-url', {
      token: customerToken,
      json: { file_name: 'photo.png', file_type: 'image/png', file_size: PNG_SQUARE.length },
    });
    expect(issued.status, issued.text).toBe(200);
    const { key, url, headers } = issued.body as { key: string; url: string; headers: Record<string, string> };
    // The file goes straight to the bucket, not through the processes.
    expect(url.startsWith(s3.endpoint)).toBe(true);
    const put = await fetch(url, { method: 'PUT', headers, body: new Uint8Array(PNG_SQUARE) });
    expect(put.status).toBe(200);

    // The ad is saved on one process and the campaign published on the other (round robin).
    const ad = await call(proxy.url, 'POST', '/api/customer/create-ad-template', {
      token: customerToken,
      json: {
        user_id: userId,
        campaign_id: campaignId,
        ad_title: 'Shoes in every process',
        ad_description: 'Free delivery',
        destination_url: 'https://shop.example.com/cluster',
        campaign_content: [{ s3_key: key, s3_url: 'ignored', name: 'photo.png' }],
      },
    });
    expect(ad.status, ad.text).toBe(200);
    const viewUrl: string = ad.body.data.campaign_content[0].s3_url;
    expect(Buffer.from(await (await fetch(viewUrl)).arrayBuffer())).toEqual(PNG_SQUARE);

    const published = await call(proxy.url, 'POST', '/api/customer/publish-campaign', {
      token: customerToken,
      json: { campaign_id: campaignId, template_id: ad.body.data.id },
    });
    expect(published.status, published.text).toBe(200);
    expect(published.body.data).toMatchObject({ id: campaignId, approval_status: 'pending' });

    const pending = await call(proxy.url, 'GET', '/api/get-campaign-requests?listing_type=pending', {
      token: adminToken,
    });
    expect(pending.body.data.map((row: { id: number }) => row.id)).toEqual([campaignId]);
  });

  it("tells the customer's stream on one process of an approval made on the other", async () => {
    const stream = await openEventStream(`${webB.url}/api/my-notifications/stream`, customerToken);
    // A second tab, through the balancer: its events must come through the proxy as they are sent.
    const proxied = await openEventStream(`${proxy.url}/api/my-notifications/stream`, customerToken);
    streams.push(stream, proxied);
    const decided = await call(webA.url, 'POST', `/api/update-campaign-approval-status/${campaignId}`, {
      token: adminToken,
      json: { approval_status: 'approved' },
    });
    expect(decided.status, decided.text).toBe(200);
    expect(decided.body.data).toMatchObject({ id: campaignId, approval_status: 'approved' });

    // A reviews, the worker writes the notification, B's hub hears of it from PostgreSQL.
    const event = await stream.next('notification', 5_000);
    const { notification, unread_count } = JSON.parse(event.data);
    expect(notification).toMatchObject({
      message: approvalNotice('Cluster launch', 'payment_due').message,
      campaign: { id: campaignId },
    });
    expect(unread_count).toBe(1);
    expect(JSON.parse((await proxied.next('notification', 5_000)).data)).toEqual({ notification, unread_count });
    stream.close();
    proxied.close();
    // The worker sent the approval's e-mail under the id A gave the decision (README, "Logs").
    const requestId = decided.headers.get('x-request-id');
    expect(requestId).toBeTruthy();
    const worker = servers[2]!;
    await worker.printed(`"reqId":"${requestId}"`, 5_000);
    expect(worker.output()).toMatch(new RegExp(`"reqId":"${requestId}"[^\n]*"msg":"e-mail sent"`));
  });

  it('takes the payment in the sandbox', async () => {
    // Approval opens the payment link when the worker handles its event.
    const due = await eventually(async () => {
      const balance = await call(proxy.url, 'GET', '/api/customer/balance', { token: customerToken });
      expect(balance.body.data.campaigns_due).toHaveLength(1);
      return balance.body.data;
    }, 10_000);
    expect(due).toMatchObject({ total_amount_due: 175, campaigns_due: [{ id: campaignId, amount: 175 }] });
    const linkToken = (due.campaigns_due[0].payment_link_url as string).split('/checkout/')[1];

    const paid = await call(proxy.url, 'POST', `/api/checkout/${linkToken}/pay`, {
      token: customerToken,
      json: { card_number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
    });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toMatchObject({
      message: PAYMENT_MESSAGES.paid,
      data: { status: 'succeeded', amount: 175, campaign_id: campaignId },
    });
    // Paying again, on either process, is refused: the link is closed in the shared database.
    for (const server of [webA, webB]) {
      const again = await call(server.url, 'POST', `/api/checkout/${linkToken}/pay`, {
        token: customerToken,
        json: { card_number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
      });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(PAYMENT_MESSAGES.linkClosed);
    }
    const balance = await call(proxy.url, 'GET', '/api/customer/balance', { token: customerToken });
    expect(balance.body.data).toEqual({ total_amount_due: 0, campaigns_due: [], credit: 0, auto_pay: false });
  });

  it('lets the administrator enter figures and the customer download them as CSV', async () => {
    // As the Edit metrics dialog sends it: every required figure (1 unless given), a day, when posted.
    const fields = {
      ...Object.fromEntries(FIGURES.filter((figure) => figure.required).map((figure) => [figure.key, '1'])),
      amount_spent: '12.5',
      link_clicks: '5',
      created_at: '2026-11-12T00:00:00Z',
      date_paid: '2026-11-01',
      'dates[0]': '2026-11-02T09:00:00Z',
    };
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const saved = await call(proxy.url, 'POST', `/api/campaign/add-update-performance-stats/${campaignId}`, {
      token: adminToken,
      body: form,
    });
    expect(saved.status, saved.text).toBe(200);

    const csv = await call(proxy.url, 'GET', '/api/customer/campaigns-analytics/export', { token: customerToken });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const rows: Record<string, string>[] = parse(csv.text, { columns: true });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: String(campaignId),
      campaign_name: 'Cluster launch',
      budget_amount: '175.00',
      figures_as_of: '2026-11-12',
      amount_spent: '12.50',
      link_clicks: '5',
      cost_per_click: '2.50',
    });
  });

  it('counts failed logins in Redis: spread over both processes, the limit is the same as on one', async () => {
    const first = proxy.served.length;
    for (let attempt = 1; attempt <= LOGIN_LIMITS.triesPerAccount.points; attempt++) {
      const refused = await call(proxy.url, 'POST', '/api/login', {
        json: { email: customer.email, password: 'Wrong-pass-1' },
      });
      expect(refused.status, `attempt ${attempt}`).toBe(401);
    }
    // Half the tries went to each process: each alone has seen too few to lock the account.
    const tries = proxy.served.slice(first);
    expect([tries.filter((backend) => backend === 0).length, tries.filter((backend) => backend === 1).length]).toEqual([
      LOGIN_LIMITS.triesPerAccount.points / 2,
      LOGIN_LIMITS.triesPerAccount.points / 2,
    ]);

    for (const server of [webA, webB]) {
      const locked = await call(server.url, 'POST', '/api/login', {
        json: { email: customer.email, password: customer.password },
        headers: { 'x-forwarded-for': visitor },
      });
      expect(locked.status).toBe(429);
      expect(locked.body).toEqual({ message: AUTH_MESSAGES.tooManyAttempts });
    }
  });

  it('shares sessions: a login on A works on B, and a logout on B ends it on A', async () => {
    const token = await login(webA.url, admin.email, admin.password);
    expect((await call(webA.url, 'GET', '/api/get-all-users', { token })).status).toBe(200);
    const onB = await call(webB.url, 'GET', '/api/get-all-users', { token });
    expect(onB.status, onB.text).toBe(200);
    expect(onB.body.data.map((user: { email: string }) => user.email)).toContain(customer.email);

    const loggedOut = await call(webB.url, 'POST', '/api/logout', { token });
    expect(loggedOut.status).toBe(200);
    expect(loggedOut.body.message).toBe(AUTH_MESSAGES.loggedOut);
    expect((await call(webB.url, 'GET', '/api/get-all-users', { token })).status).toBe(401);
    // A may have checked the token within the last second (decision 013): refused after that.
    const onA = await eventually(async () => {
      const answer = await call(webA.url, 'GET', '/api/get-all-users', { token });
      expect(answer.status).toBe(401);
      return answer;
    }, SESSION_CACHE_TTL_MS + 2_000);
    expect(onA.body).toEqual({ message: AUTH_MESSAGES.unauthenticated });
  });

  it('bans on A: the customer is refused on B and their stream on B ends', async () => {
    const stream = await openEventStream(`${webB.url}/api/my-notifications/stream`, customerToken);
    streams.push(stream);
    expect((await call(webB.url, 'GET', '/api/my-notifications', { token: customerToken })).status).toBe(200);

    const banned = await call(webA.url, 'POST', `/api/toggle-user-status/${userId}`, { token: adminToken });
    expect(banned.status, banned.text).toBe(200);
    expect(banned.body.data).toEqual({ id: userId, status: false });

    // B ends the stream as soon as PostgreSQL tells it of the revoked session.
    expect(await withTimeout(stream.ended, 5_000, 'the stream on B is still open')).toBe('ended');
    const refused = await eventually(async () => {
      const answer = await call(webB.url, 'GET', '/api/my-notifications', { token: customerToken });
      expect(answer.status).toBe(401);
      return answer;
    }, SESSION_CACHE_TTL_MS + 2_000);
    expect(refused.body).toEqual({ message: AUTH_MESSAGES.unauthenticated });
  });

  /** The six-digit code of the newest message to `email` in the shared outbox; throws if none yet. */
  async function codeMailedTo(email: string): Promise<string> {
    const message = (await readOutbox(path.join(dataDir, 'outbox'))).find((candidate) => candidate.to.includes(email));
    const code = message?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code was e-mailed to ${email} yet`);
    return code;
  }

  async function login(base: string, email: string, password: string): Promise<string> {
    const answer = await call(base, 'POST', '/api/login', { json: { email, password } });
    expect(answer.status, answer.text).toBe(200);
    return answer.body.access_token;
  }
});

interface Answer {
  status: number;
  headers: Headers;
  setCookie: string[];
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the fields it asserts
  body: any;
}

/** One request with fetch, as a browser or client library would send it; the body read in full. */
async function call(
  base: string,
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; json?: unknown; body?: FormData; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const answer = await fetch(`${base}${url}`, {
    method,
    headers,
    body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await answer.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: answer.status, headers: answer.headers, setCookie: answer.headers.getSetCookie(), text, body };
}

async function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

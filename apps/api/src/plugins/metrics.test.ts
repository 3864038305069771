import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/test-app';
import { ERROR_MESSAGES } from './errors';

const TOKEN = 'a-metrics-token-for-tests';

/** The value of one series in Prometheus's text format, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics with METRICS=true', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Mail stays queued until a round is run by hand, so the queue's depth can be seen.
    t = await createTestApp({ env: { METRICS: 'true', METRICS_TOKEN: TOKEN }, deliverMailAfterActions: false });
  });
  afterAll(() => t.close());

  const scrape = () => t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });

  it('refuses a scrape without the token', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${TOKEN}`]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: ERROR_MESSAGES.metricsTokenRequired });
    }
  });

  it('refuses malformed tokens and other methods in the error format', async () => {
    for (const authorization of [
      'Bearer',
      `Bearer  ${TOKEN}`,
      `Bearer ${TOKEN}x`,
      `Bearer ${'x'.repeat(10_000)}`,
      'Bearer é',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization } });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: ERROR_MESSAGES.metricsTokenRequired });
    }
    const posted = await t.app.inject({
      method: 'POST',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(posted.statusCode).toBe(404);
    expect(posted.json()).toHaveProperty('message');
  });

  it('answers 20 scrapes at once, each of them whole', async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, () => scrape()));
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(sample(response.body, 'portal_event_streams_open')).toBe(0);
      expect(sample(response.body, 'portal_mail_queue_messages{state="failed"}')).toBe(0);
    }
  });

  it('has the requests, refused logins, jobs, queues, streams and the process', async () => {
    const user = await t.createUser();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: `${TEST_PASSWORD}-wrong` },
    });
    expect(refused.statusCode).toBe(401);
    await t.login(user.email);
    await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    await t.app.jobs.runNow('mail.deliver');

    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(
      sample(text, 'portal_http_request_duration_seconds_count{method="POST",route="/api/login",status_code="401"}'),
    ).toBe(1);
    expect(
      sample(text, 'portal_http_request_duration_seconds_count{method="POST",route="/api/login",status_code="200"}'),
    ).toBe(1);
    // A URL no route matches is one label, whatever the URL.
    expect(
      sample(text, 'portal_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}'),
    ).toBe(1);
    expect(text).not.toContain('no-such-route');
    expect(sample(text, 'portal_login_failures_total{outcome="refused"}')).toBe(1);
    expect(sample(text, 'portal_job_rounds_total{job="mail.deliver",outcome="done"}')).toBe(1);
    expect(sample(text, 'portal_mail_queue_messages{state="waiting"}')).toBe(0);
    expect(sample(text, 'portal_mail_queue_messages{state="failed"}')).toBe(0);
    expect(sample(text, 'portal_domain_events{state="pending"}')).not.toBeUndefined();
    expect(sample(text, 'portal_domain_events{state="abandoned"}')).toBe(0);
    expect(sample(text, 'portal_event_streams_open')).toBe(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds ');
    // The pool exists on PostgreSQL only; the embedded database has one connection.
    if (t.database.kind === 'postgres') expect(sample(text, 'portal_db_connections{state="open"}')).toBeGreaterThan(0);
    else expect(text).not.toContain('portal_db_connections');
  });

  it('counts the e-mail that waits until a round sends it', async () => {
    const user = await t.createUser();
    const asked = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: user.email } });
    expect(asked.statusCode).toBe(200);
    expect(sample((await scrape()).body, 'portal_mail_queue_messages{state="waiting"}')).toBe(1);
    await t.app.jobs.runNow('mail.deliver');
    expect(sample((await scrape()).body, 'portal_mail_queue_messages{state="waiting"}')).toBe(0);
  });
});

describe('without METRICS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has no metrics and no cost: /metrics is not served', async () => {
    expect(t.app.metrics).toBeUndefined();
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.headers['content-type'] ?? '').not.toMatch(/version=0\.0\.4/);
  });
});

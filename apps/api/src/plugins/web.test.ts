import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let distDir: string;

beforeAll(async () => {
  // A stand-in for `vite build` output: an index.html with the settings placeholder and one asset.
  distDir = await mkdtemp(path.join(os.tmpdir(), 'portal-web-'));
  await mkdir(path.join(distDir, 'assets'));
  await writeFile(path.join(distDir, 'index.html'), '<html><head><!-- portal-settings --></head><body></body></html>');
  await writeFile(path.join(distDir, 'assets', 'app-1234.js'), 'console.log(1)');
  await writeFile(path.join(distDir, 'assets', 'app-1234.js.gz'), gzipSync('console.log(1)'));
  t = await createTestApp({
    env: { WEB_DIST_DIR: distDir, SUPPORT_EMAIL: 'help@adnet.test', FAQ_URL: 'https://adnet.test/faq?a=</script>' },
  });
});
afterAll(async () => {
  await t.close();
  await rm(distDir, { recursive: true, force: true });
});

describe('the front end', () => {
  it.each(['/', '/dashboard', '/admin/view-campaign/42', '/no/such/page'])('serves index.html for %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('fills in the run-time settings, safe inside a script block', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/' })).body;
    const match = html.match(/<script type="application\/json" id="portal-settings">(.*?)<\/script>/);
    expect(match).not.toBeNull();
    const settings = JSON.parse(match![1]!);
    expect(settings.supportEmail).toBe('help@adnet.test');
    expect(settings.faqUrl).toBe('https://adnet.test/faq?a=</script>');
    expect(match![1]).not.toContain('</script>');
  });

  it('serves hashed assets with a long cache', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed copy to a browser that accepts it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe('console.log(1)');
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self';");
    // Stripe's script and API are allowed only where Stripe takes the payments.
    expect(response.headers['content-security-policy']).not.toContain('stripe.com');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it("keeps a shared link's page out of search engines, and sends no referrer from it (decision 034)", async () => {
    const shared = await t.app.inject({ method: 'GET', url: '/shared/report/some-token' });
    expect(shared.statusCode).toBe(200);
    expect(shared.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(shared.headers['referrer-policy']).toBe('no-referrer');
    expect((await t.app.inject({ method: 'GET', url: '/dashboard' })).headers['x-robots-tag']).toBeUndefined();
  });

  it('keeps API misses as JSON 404s, and other methods too', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'The requested resource was not found' });
    const post = await t.app.inject({ method: 'POST', url: '/dashboard' });
    expect(post.statusCode).toBe(404);
  });
});

describe('the front end with the page shell (decision 017)', () => {
  let shell: TestApp;
  let shellDist: string;
  const bootScript = "document.documentElement.dataset.shell='login';";
  const adminBootScript = "document.documentElement.dataset.shell='admin-users';";

  beforeAll(async () => {
    // What the build writes: settings marked in the shell's markup, and its inline boot script.
    shellDist = await mkdtemp(path.join(os.tmpdir(), 'portal-web-shell-'));
    await writeFile(
      path.join(shellDist, 'index.html'),
      `<html><head><!-- portal-settings --><script>${bootScript}</script></head><body>` +
        '<b>__PORTAL_SETTING_productName__</b><a href="mailto:__PORTAL_SETTING_supportEmail__"></a>' +
        '<i>__PORTAL_SETTING_noSuchSetting__</i></body></html>',
    );
    // An administrators' page with a shell of its own (decision 041), and the list that names it.
    await mkdir(path.join(shellDist, 'page-shells'));
    await writeFile(
      path.join(shellDist, 'page-shells', 'admin-users.html'),
      `<html><head><!-- portal-settings --><script>${adminBootScript}</script></head><body>` +
        '<h1>Users of __PORTAL_SETTING_productName__</h1></body></html>',
    );
    await writeFile(
      path.join(shellDist, 'page-shells.json'),
      JSON.stringify([{ pattern: '^/admin/users/?$', file: 'page-shells/admin-users.html' }]),
    );
    shell = await createTestApp({
      env: { WEB_DIST_DIR: shellDist, PRODUCT_NAME: 'Ads & "Co" <b>', SUPPORT_EMAIL: 'help@adnet.test' },
    });
  });
  afterAll(async () => {
    await shell.close();
    await rm(shellDist, { recursive: true, force: true });
  });

  it('puts each setting where the shell marks it, escaped, and leaves unknown marks alone', async () => {
    const html = (await shell.app.inject({ method: 'GET', url: '/' })).body;
    expect(html).toContain('<b>Ads &amp; &quot;Co&quot; &lt;b&gt;</b>');
    expect(html).toContain('href="mailto:help@adnet.test"');
    expect(html).toContain('<i>__PORTAL_SETTING_noSuchSetting__</i>');
    // The settings block still carries the value as it is.
    expect(html).toContain('"productName":"Ads & \\"Co\\" \\u003cb>"');
  });

  it('allows the inline boot scripts by their hashes, and no other inline script', async () => {
    const response = await shell.app.inject({ method: 'GET', url: '/' });
    const [hash, adminHash] = [bootScript, adminBootScript].map((script) =>
      createHash('sha256').update(script).digest('base64'),
    );
    const scriptSources = /script-src ([^;]*);/.exec(String(response.headers['content-security-policy']))?.[1];
    expect(scriptSources).toBe(`'self' 'sha256-${hash}' 'sha256-${adminHash}'`);
  });

  it("sends an administrators' page the built page with its own shell, filled in, and index.html elsewhere", async () => {
    for (const url of ['/admin/users', '/admin/users/', '/admin/users?search=ann']) {
      const response = await shell.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode).toBe(200);
      expect(brotliDecompressSync(response.rawPayload).toString()).toContain('<h1>Users of Ads &amp; &quot;Co&quot;');
    }
    for (const url of ['/admin/users/2', '/admin/usersx', '/dashboard?to=/admin/users']) {
      const html = (await shell.app.inject({ method: 'GET', url })).body;
      expect(html).toContain(bootScript);
      expect(html).not.toContain('<h1>Users');
    }
  });

  it('sends the page compressed to a client that accepts it', async () => {
    const plain = (await shell.app.inject({ method: 'GET', url: '/dashboard' })).body;
    const brotli = await shell.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain);
    const gzip = await shell.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain);
    const identity = await shell.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain);
  });
});

describe('the OpenAPI description', () => {
  it('lists the routes with the schemas that validate them', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/logout', '/api/health', '/api/customer/current-session']),
    );
    expect(document.paths['/api/login'].post.requestBody.content['application/json'].schema).toBeDefined();
  });

  it('serves the browsable page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(response.statusCode);
  });
});

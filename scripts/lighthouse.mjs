// `npm run lighthouse`: measures how fast the front end's main pages paint, how much main-thread
// CPU they cost and how accessible they are, with Lighthouse's mobile preset (its default form
// factor and simulated throttling) in Debian's Chromium. The nine main pages (scripts/lighthouse/
// pages.mjs): the login page as a first-time visitor sees it, five of a customer with data and
// three of an administrator. It starts the built server on a fresh embedded database, seeds it
// (scripts/lighthouse/seed.mjs), runs Lighthouse five times per page and prints the medians as a
// Markdown table, with each run's line, and exits non-zero when a page misses a target of issue
// 31, so it can serve as a check.
//
// Lighthouse's score depends on the machine: each run's benchmarkIndex (Lighthouse's measure of
// the CPU), the machine's 1-minute load average at its start and the share of wall time the
// page's main thread really ran (CPU/wall, from the trace: scripts/lighthouse/trace.mjs) are
// printed beside the figures, so a reader can tell a slow page from a busy machine.
//
// Set WEB_DIST_DIR to measure another build of the front end, LIGHTHOUSE_REPORT_DIR to keep each
// run's full report (JSON, for Lighthouse's viewer) and trace, LIGHTHOUSE_PAGE to a comma list of page keys
// (login, dashboard, campaigns, new-campaign, analytics, balance, admin-campaigns,
// admin-view-campaign, admin-users) and LIGHTHOUSE_RUNS to another number of runs.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { startBuiltServer } from './lib/built-server.mjs';
import { measure } from './lighthouse/measure.mjs';
import { choosePages, pagesOf, signInThroughTheForm, warmUp } from './lighthouse/pages.mjs';
import { cells, printMisses, printTable, summarise } from './lighthouse/report.mjs';
import { createCustomer, seed } from './lighthouse/seed.mjs';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3310);
const origin = `http://127.0.0.1:${port}`;
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
const accounts = {
  admin: { email: 'lighthouse-admin@example.com', password: 'Lighthouse-admin-1' },
  customer: { email: 'lighthouse-customer@example.com', password: 'Lighthouse-customer-1' },
};

function checkPrerequisites() {
  const problems = [
    !existsSync(chromePath) &&
      `Lighthouse needs Chromium at ${chromePath}. Install Debian's package (apt-get install chromium) or set ` +
        'CHROMIUM_PATH to a Chromium binary.',
    !existsSync('apps/api/dist/server.js') &&
      'The server is not built: run `npm run build` first (or `npm run lighthouse`).',
    !(Number.isInteger(RUNS) && RUNS >= 1) && 'LIGHTHOUSE_RUNS is a whole number from 1.',
  ].filter(Boolean);
  for (const problem of problems) console.error(problem);
  if (problems.length) process.exit(1);
}

/** The server's environment: an embedded database in `dataDir`, no PostgreSQL or Redis. */
function serverEnvironment(dataDir) {
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_ORIGIN: origin,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: accounts.admin.email,
    ADMIN_PASSWORD: accounts.admin.password,
    // The administrator signs in with a password alone, as everywhere outside production.
    REQUIRE_ADMIN_TWO_FACTOR: 'false',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  return env;
}

const launchChromium = () =>
  chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });

/** Every chosen page, RUNS times, signing each role in before its first page. */
async function measurePages(browser, pages) {
  const rows = [];
  let signedInAs = null;
  for (const target of pages) {
    if (target.role && target.role !== signedInAs) {
      await signInThroughTheForm(browser, origin, accounts[target.role], target.role);
      signedInAs = target.role;
    }
    await warmUp(browser, target.url);
    const runs = [];
    for (let run = 1; run <= RUNS; run++) {
      runs.push(await measure(browser, target, run, { origin, reportDir }));
      // Each run as it ends, so a long measurement shows its progress (and what it had if stopped).
      process.stderr.write(`${target.key} run ${run} of ${RUNS}: ${cells(runs.at(-1)).join(', ')}\n`);
    }
    rows.push(summarise(target, runs));
  }
  return rows;
}

checkPrerequisites();
// Lighthouse 12.2 can leave a protocol call's timeout rejected after it gave up waiting on it (a
// busy machine makes that happen): said, not fatal, so the run in hand fails or ends on its own
// and the server and the browser are still stopped below.
process.on('unhandledRejection', (reason) => console.error('Unhandled rejection (from Lighthouse):', reason));
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-lighthouse-'));
const env = serverEnvironment(dataDir);
let server;
let chrome;
let browser;
let failed = true;
try {
  const loadAtStart = os.loadavg()[0];
  createCustomer(env, accounts.customer);
  server = startBuiltServer({ env, origin });
  await server.ready;
  const pages = choosePages(pagesOf(origin, await seed(origin, accounts)), process.env.LIGHTHOUSE_PAGE);
  chrome = await launchChromium();
  browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const rows = await measurePages(browser, pages);
  printTable(rows, RUNS);
  console.log(
    `\nMachine: ${os.cpus().length} CPUs; 1-minute load average ${loadAtStart.toFixed(2)} at the start, ` +
      `${os.loadavg()[0].toFixed(2)} at the end.`,
  );
  failed = printMisses(rows);
} catch (error) {
  console.error(error);
} finally {
  await browser?.disconnect();
  chrome?.kill();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

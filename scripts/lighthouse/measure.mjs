// One Lighthouse run of one page, and the figures the script reports from it.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { clearAllButTheSession } from './pages.mjs';
import { mainThreadTime } from './trace.mjs';

/** The accessibility audits that failed, to print when the score is under 100. */
const failedAccessibility = (lhr) =>
  lhr.categories.accessibility.auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
    .map((audit) => audit.id);

function figuresOf(lhr, artifacts, load) {
  const metric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const thread = mainThreadTime(artifacts.Trace.traceEvents);
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    cpuMs: thread?.cpuMs ?? Number.NaN,
    ratio: thread?.ratio ?? Number.NaN,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    load,
    failedAccessibility: failedAccessibility(lhr),
  };
}

async function measureOnce(browser, target, run, { origin, reportDir }) {
  const page = await browser.newPage();
  try {
    if (target.role) await clearAllButTheSession(page, origin);
    const load = os.loadavg()[0];
    const result = await lighthouse(
      target.url,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        // The session must survive on signed-in pages; the cache was emptied above instead.
        disableStorageReset: Boolean(target.role),
      },
      undefined,
      page,
    );
    const { lhr, artifacts } = result;
    if (reportDir) {
      mkdirSync(reportDir, { recursive: true });
      writeFileSync(path.join(reportDir, `${target.key}-${run}.json`), result.report);
      // The trace too: Lighthouse 12.2's layout-shift and LCP-element audits fail on this
      // Chromium (its RootCauses gatherer), so the shifted and largest elements are read from it.
      writeFileSync(path.join(reportDir, `${target.key}-${run}.trace.json`), JSON.stringify(artifacts.Trace));
    }
    if (lhr.runtimeError) throw new Error(`${target.key}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const landed = new URL(lhr.finalDisplayedUrl).pathname;
    // A page that ends elsewhere (one that sent its visitor to the login page) is not the page
    // meant: no second try will change that.
    if (landed !== target.path) {
      throw Object.assign(new Error(`${target.key}: the page ended on ${landed}`), { final: true });
    }
    return figuresOf(lhr, artifacts, load);
  } finally {
    await page.close();
  }
}

/**
 * One run. A run that fails to record the page load (Lighthouse says so, as with NO_NAVSTART,
 * which a busy machine sometimes causes) is tried again, twice at most.
 */
export async function measure(browser, target, run, options) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measureOnce(browser, target, run, options);
    } catch (error) {
      if (attempt === 3 || error.final) throw error;
      console.error(`${target.key}: run ${run} failed (${error.message}); trying again`);
    }
  }
}

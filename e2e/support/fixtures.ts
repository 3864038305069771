import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Locator, type Page, type Request } from '@playwright/test';

type Theme = 'light' | 'dark';

const TOASTS = '.mantine-Notifications-root';
/**
 * WCAG 2 A and AA. axe marks its check of 2.5.3 (a control's name holds the words it shows)
 * experimental, which leaves it out of the tags: it is asked for by name.
 *
 * Legacy mode runs the whole check inside the page. The default mode finishes in a blank page
 * it opens beside the tested one, and Chromium, once in a while, gives the tested page its
 * focus back as if entered anew: the focus left the element the test had reached for the
 * page's first link (seen at phone width, 1 run in 6 of the keyboard-only sign-up).
 */
const axe = (page: Page) =>
  new AxeBuilder({ page })
    .setLegacyMode()
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);

/** Lets finite animations (dialogs sliding in, colour transitions) end, so colours are measured at rest. */
async function waitForAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Switches the theme and waits for the colour transitions it starts (a segmented control's
 * labels fade to their new colour): axe reading a colour halfway through one reported too little
 * contrast on a page that has enough.
 */
async function setTheme(page: Page, theme: Theme) {
  await page.evaluate((value) => document.documentElement.setAttribute('data-mantine-color-scheme', value), theme);
  await waitForAnimations(page);
}

/** The live notifications stream stays open as long as the page does: it never counts as busy. */
const LONG_LIVED = /\/api\/my-notifications\/stream$/;
const inFlight = new WeakMap<Page, Set<Request>>();

/** Counts the page's requests under way from now on; `test`'s page does it from the start. */
export function trackRequests(page: Page) {
  if (inFlight.has(page)) return;
  const open = new Set<Request>();
  inFlight.set(page, open);
  page.on('request', (request) => {
    if (!LONG_LIVED.test(request.url())) open.add(request);
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
}

/** Like Playwright's 'networkidle' (no request for 500 ms), leaving the notifications stream out. */
async function waitForQuietNetwork(page: Page) {
  trackRequests(page);
  const open = inFlight.get(page)!;
  const deadline = Date.now() + 30_000;
  let quietSince = Date.now();
  while (Date.now() - quietSince < 500) {
    if (Date.now() > deadline) throw new Error(`requests still under way: ${[...open].map((r) => r.url()).join(', ')}`);
    if (open.size > 0) quietSince = Date.now();
    await page.waitForTimeout(100);
  }
}

/**
 * Checks the page as it stands: no axe violations (WCAG 2 A and AA) in the light and the dark
 * theme, and nothing wider than the viewport. Every page a test visits goes through it.
 */
export async function checkPage(page: Page) {
  await page.waitForLoadState('load');
  await waitForQuietNetwork(page);
  await waitForAnimations(page);
  // Checking is only looking: the keyboard stays on what the test had reached.
  const focused = await page.evaluateHandle(() => document.activeElement);
  const original = (await page.evaluate(() =>
    document.documentElement.getAttribute('data-mantine-color-scheme'),
  )) as Theme;
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    // Toasts come and go on timers, so they are checked on their own, held still (checkToasts).
    const results = await axe(page).exclude(TOASTS).analyze();
    const summary = results.violations.map((violation) => ({
      theme,
      rule: violation.id,
      help: violation.help,
      nodes: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
    }));
    expect(summary, `accessibility violations on ${page.url()} in the ${theme} theme`).toEqual([]);
  }
  await setTheme(page, original ?? 'light');

  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `horizontal overflow on ${page.url()}`).toBeLessThanOrEqual(0);
  const stillFocused = await page.evaluate((before) => document.activeElement === before, focused);
  expect(stillFocused, `the focus moved while ${page.url()} was checked`).toBe(true);
  await focused.dispose();

  // E2E_SCREENSHOTS=<folder> keeps a picture of every page checked, to look at each width.
  const folder = process.env.E2E_SCREENSHOTS;
  if (folder) {
    const info = test.info();
    const where = new URL(page.url());
    const name = `${where.pathname}${where.search}`.replace(/[^\w-]+/g, '_');
    const shot = `${info.project.name}-${path.basename(info.file, '.spec.ts')}-${++screenshots}-${name}.png`;
    await page.screenshot({ path: path.join(folder, shot), fullPage: true });
  }
}

let screenshots = 0;

/**
 * A list of the portal by its accessible name: a table from Mantine's `sm` breakpoint up, a list
 * of cards below it, on phones (apps/web/src/components/data-table.tsx).
 */
export const dataList = (page: Page, name: string) =>
  page.getByRole('table', { name, exact: true }).or(page.getByRole('list', { name, exact: true }));

/** A list's rows, or cards, never its header; those that contain `text` when it is given. */
export function dataRows(list: Locator, text?: string | RegExp) {
  const rows = list.locator(':scope > tbody > tr, :scope > li');
  return text === undefined ? rows : rows.filter({ hasText: text });
}

/**
 * Checks that a control is there to be used without scrolling sideways: once the page is
 * scrolled down (only down) to it, all of it lies inside the viewport, not cut off by a table
 * that would have to be scrolled to the right first.
 */
export async function expectWithinReach(page: Page, control: Locator) {
  await expect(control).toBeVisible();
  await control.evaluate((element) => {
    const top = element.getBoundingClientRect().top;
    window.scrollBy({ top: top - window.innerHeight / 2, behavior: 'instant' });
  });
  await expect(control).toBeInViewport({ ratio: 1 });
}

/**
 * Checks the toasts on screen in both themes, and that they leave the top bar free. Hovering a
 * toast pauses its timer, so it is measured fully shown rather than while fading out.
 */
export async function checkToasts(page: Page) {
  // Outcomes are "status" toasts and failures "alert" ones (apps/web/src/lib/notify.ts).
  const toast = page.locator(`${TOASTS} :is([role="alert"], [role="status"])`).first();
  await toast.hover();
  await waitForAnimations(page);
  // Toasts open below the portal's top bar, never over its controls.
  const topBar = page.locator('header').first();
  if (await topBar.isVisible()) {
    const [bar, box] = [await topBar.boundingBox(), await toast.boundingBox()];
    expect(box!.y, 'a toast covers the top bar').toBeGreaterThanOrEqual(bar!.y + bar!.height);
  }
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    await waitForAnimations(page);
    const results = await axe(page).include(TOASTS).analyze();
    expect(results.violations.map((violation) => `${theme}: ${violation.id}`)).toEqual([]);
  }
}

/**
 * The WCAG contrast ratio of an element's text against its background in a theme, from the
 * computed colours, the element's opacity folded in over the page's background.
 */
export async function contrastOf(page: Page, element: Locator, theme: Theme): Promise<number> {
  await setTheme(page, theme);
  await waitForAnimations(page);
  return element.evaluate((node) => {
    const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
    const style = getComputedStyle(node);
    const page = rgb(getComputedStyle(document.body).backgroundColor);
    const opacity = Number(style.opacity);
    const [br, bg, bb, ba = 1] = rgb(style.backgroundColor);
    // The field's own background over the page, then the text over that, both at the field's opacity.
    const over = (top: number[], alpha: number, under: number[]) =>
      top.map((c, i) => c * alpha + under[i]! * (1 - alpha));
    const background = over(over([br!, bg!, bb!], ba, page), opacity, page);
    const [tr, tg, tb, ta = 1] = rgb(style.color);
    const text = over([tr!, tg!, tb!], ta * opacity, background);
    const luminance = (c: number[]) => {
      const [r, g, b] = c.map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const [lighter, darker] = [luminance(text), luminance(background)].sort((a, b) => b - a);
    return (lighter! + 0.05) / (darker! + 0.05);
  });
}

/**
 * The login page's address: a guard sends a signed-out visitor of a page there with the way back
 * (`/?redirect=<path>`), which `returnTo` names exactly; without it, the login page with or without one.
 * A user who logged out lands on the plain `/`.
 */
export function loginPageUrl(returnTo?: string): RegExp {
  if (returnTo === undefined) return /\/(\?redirect=[^#]*)?$/;
  const query = new URLSearchParams({ redirect: returnTo }).toString();
  return new RegExp(`/\\?${query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/** Any login page address, with or without the way back. */
export const LOGIN_PAGE_URL = loginPageUrl();

/**
 * Logs in from the login page. `remember`: Remember me, a session of 30 days rather than 12 hours,
 * for tests that move the server's clock forward by days (support/clock.ts).
 */
export async function logIn(page: Page, account: { email: string; password: string }, { remember = false } = {}) {
  await page.goto('/');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Log into account' }).click();
}

export const test = base.extend({
  page: async ({ page }, use) => {
    trackRequests(page);
    await use(page);
  },
});
export { expect };

import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

type Theme = 'light' | 'dark';

async function setTheme(page: Page, theme: Theme) {
  await page.evaluate((value) => document.documentElement.setAttribute('data-mantine-color-scheme', value), theme);
}

/**
 * Checks the page as it stands: no axe violations (WCAG 2 A and AA) in the light and the dark
 * theme, and nothing wider than the viewport. Every page a test visits goes through it.
 */
export async function checkPage(page: Page) {
  await page.waitForLoadState('networkidle');
  // Let finite animations (toasts and dialogs sliding in) end, so colours are measured at rest.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const original = (await page.evaluate(() =>
    document.documentElement.getAttribute('data-mantine-color-scheme'),
  )) as Theme;
  for (const theme of ['light', 'dark'] as const) {
    await setTheme(page, theme);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
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
}

export async function logIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log into account' }).click();
}

export const test = base;
export { expect };

import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { addCalendarDays, calendarDay, formatDate } from '@portal/contract';
import { newCustomerThroughApi } from './support/accounts';
import { approveThroughApi, createCampaignThroughApi, METRIC_FIGURES, PHOTO, tokenOf } from './support/campaigns';
import { advanceServerClock, resetServerClock } from './support/clock';
import { checkPage, checkToasts, dataList, dataRows, expect, logIn, test } from './support/fixtures';
import { latestMail } from './support/mailbox';
import { ADMIN } from './support/server-env';

/** A lifetime budget that the figures' amount spent, $1,250.50 (METRIC_FIGURES), takes past 80% and not to 100%. */
const BUDGET = '1500';
/** The days of a report's custom range (docs/product/insights.md, Reports over dates). */
const RANGE_DAYS = 30;

/** The customer's campaign row in the Active list, found by a search. */
async function activeRow(page: Page, name: string) {
  await page.goto(`/campaigns?search=${encodeURIComponent(name)}`);
  return dataRows(dataList(page, 'Active campaigns'), name);
}

/** Step 1 and 2 of the wizard, then Publish: a lifetime budget, flight dates, one image. */
async function createThroughWizard(page: Page, name: string, flight: { start: string; end: string }) {
  await page.goto('/campaigns/new');
  await page.getByLabel('Campaign name').fill(name);
  await page.getByLabel('Budget amount (USD)').fill(BUDGET);
  for (const keyword of ['holiday', 'lights', 'sale']) {
    await page.getByLabel('Keywords', { exact: true }).fill(keyword);
    await page.getByLabel('Keywords', { exact: true }).press('Enter');
  }
  await page.getByLabel('Start date').fill(flight.start);
  await page.getByLabel('End date').fill(flight.end);
  // A new account's zone (signed up without a browser's) is UTC (docs/product/campaigns.md, Flight dates).
  await expect(page.getByText("Days in your account's time zone, UTC (My account).")).toBeVisible();
  await expect(page.getByText('All Edits Saved')).toBeVisible();
  await checkPage(page);
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByLabel('Primary text').fill('Lights for every window, 20% off');
  await page.getByLabel('Additional details').fill('Free delivery before the holidays');
  await page.getByLabel('Destination link').fill('https://shop.example.com/lights');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add image or video' }).click();
  await (await chooser).setFiles([PHOTO]);
  await expect(page.getByText('Uploaded')).toHaveCount(1, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText('$1,500.00 lifetime')).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('heading', { name: 'Your campaign is under review!' })).toBeVisible();
}

/** The administrator, in a browser of their own, approves the campaign on its review page. */
async function approveOnReviewPage(browser: Browser, name: string) {
  const adminPage = await (await browser.newContext()).newPage();
  // Remembered: the session has to outlast the days the clock is moved.
  await logIn(adminPage, ADMIN, { remember: true });
  await expect(adminPage).toHaveURL(/\/admin\/dashboard$/);
  await adminPage.goto(`/admin/campaigns?search=${encodeURIComponent(name)}`);
  await adminPage.getByRole('link', { name: `View ${name}` }).click();
  await expect(adminPage.getByRole('heading', { name })).toBeVisible();
  await checkPage(adminPage);
  await adminPage.getByRole('button', { name: 'Approve' }).click();
  await expect(adminPage.getByText('Campaign approved successfully')).toBeVisible();
  return adminPage;
}

/** The customer pays the campaign's link with a new card in the sandbox's checkout, opened from the list. */
async function payFromList(page: Page, name: string, amount = '$1,500.00') {
  const row = await activeRow(page, name);
  const [checkout] = await Promise.all([
    page.context().waitForEvent('page'),
    row.getByRole('link', { name: /Pay Now/ }).click(),
  ]);
  await checkout.waitForLoadState();
  await expect(checkout.getByRole('button', { name: `Pay ${amount}` })).toBeVisible();
  await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
  await checkout.getByLabel('Expiry date').fill('12/30');
  await checkout.getByLabel('CVC').fill('123');
  await checkout.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(checkout.getByText('Payment received. Thank you!')).toBeVisible();
  await checkout.close();
}

/** The administrator enters the figures (METRIC_FIGURES) from the Approved tab's Edit metrics. */
async function enterFigures(adminPage: Page, name: string) {
  await adminPage.goto(`/admin/campaigns?tab=approved&search=${encodeURIComponent(name)}`);
  await adminPage.getByRole('button', { name: `Edit metrics for ${name}` }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Edit metrics' });
  await expect(dialog.getByLabel(/^Amount spent/)).toBeFocused();
  for (const [label, value] of METRIC_FIGURES) await dialog.getByLabel(label).fill(value);
  await dialog.getByLabel(/^Posting date and time/).fill(`${calendarDay(new Date())}T09:30`);
  await dialog.getByRole('button', { name: 'Add date' }).click();
  await dialog.getByRole('button', { name: 'Save metrics' }).click();
  await expect(adminPage.getByText('Campaign statistics updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** Sets the analytics page's dates by typing them, which makes the range Custom. */
async function typeRange(page: Page, range: { from: string; to: string }) {
  await page.getByRole('textbox', { name: 'From', exact: true }).fill(range.from);
  await page.getByRole('textbox', { name: 'To', exact: true }).fill(range.to);
  await expect(page).toHaveURL(new RegExp(`dates=custom&from=${range.from}&to=${range.to}$`));
}

test.describe('flight dates, alerts and reports over dates', () => {
  // The clock only moves forward while a test runs; every other spec runs on the system's day.
  test.afterEach(async ({ request }) => {
    await resetServerClock(request);
  });

  test('a campaign with flight dates waits for its start, runs, hears of its budget, and reports its days', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    const customer = await newCustomerThroughApi(request, 'flights', 'Flights-pass-1');
    const name = `Holiday lights ${Date.now()}`;
    const today = calendarDay(new Date());
    const flight = { start: addCalendarDays(today, 3), end: addCalendarDays(today, 20) };

    await logIn(page, customer, { remember: true });
    await expect(page).toHaveURL(/\/dashboard$/);
    await createThroughWizard(page, name, flight);
    const adminPage = await approveOnReviewPage(browser, name);
    await payFromList(page, name);

    // Approved and paid, before its start date: Scheduled.
    const scheduled = await activeRow(page, name);
    await expect(scheduled.getByText('Paid', { exact: true })).toBeVisible();
    await expect(scheduled.getByText('Scheduled', { exact: true })).toBeVisible();
    await checkPage(page);

    // Three days later it is the start date: the flight job has started it, and said so.
    const now = await advanceServerClock(request, 3);
    expect(calendarDay(now)).toBe(flight.start);
    const running = await activeRow(page, name);
    await expect(running.getByText('Active', { exact: true })).toBeVisible();
    await checkPage(page);

    // The administrator's figures pass 80% of the budget: the customer's open page hears of it.
    await enterFigures(adminPage, name);
    const alert = `Your campaign "${name}" has spent 80% of its budget: $1,250.50 of $1,500.00`;
    await expect(page.getByText(alert)).toBeVisible({ timeout: 15_000 });
    await checkToasts(page);
    await page.goto('/notifications');
    await expect(page.getByRole('link', { name: alert })).toBeVisible();
    await expect(page.getByText(`Your campaign "${name}" reached its start date`)).toBeVisible();
    await checkPage(page);
    const mail = await latestMail(request, customer.email, 'Budget 80% spent');
    expect(mail.text).toContain(alert);

    // Analytics over 30 typed-in days that end on the server's today: a row for every day.
    const range = { from: addCalendarDays(flight.start, 1 - RANGE_DAYS), to: flight.start };
    await page.goto(`/analytics?search=${encodeURIComponent(name)}`);
    const card = page.getByRole('article', { name });
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    await typeRange(page, range);
    const rangeLabel = `${formatDate(range.from)} – ${formatDate(range.to)}`;
    const days = page.getByRole('table', { name: `Figures per day, ${rangeLabel}` }).locator('tbody tr');
    await expect(days).toHaveCount(RANGE_DAYS);
    await expect(days.first()).toContainText(formatDate(range.from));
    await expect(days.filter({ hasText: formatDate(today) })).toContainText('$1,250.50');
    await checkPage(page);

    await test.step('pacing panel', async () => {
      // The card's pacing (docs/product/insights.md, Pacing): 83% of the budget on the first of
      // its 18 days, each bar named after the campaign.
      await expect(card.getByText('$1,250.50 of $1,500.00 spent (83%)')).toBeVisible();
      await expect(card.getByText('1 of 18 days elapsed')).toBeVisible();
      await expect(card.getByRole('progressbar', { name: `Budget used by ${name}` })).toHaveAttribute(
        'aria-valuenow',
        '83',
      );
      await expect(card.getByRole('progressbar', { name: `Flight days elapsed for ${name}` })).toBeVisible();
      // The dashboard lists it among the running campaigns.
      await page.goto('/dashboard');
      const pacing = page.getByRole('region', { name: 'Budget pacing' });
      await expect(pacing.getByText(name)).toBeVisible();
      await expect(pacing.getByText('$1,250.50 of $1,500.00 spent (83%)')).toBeVisible();
      await checkPage(page);
      await page.goto(`/analytics?search=${encodeURIComponent(name)}`);
      await typeRange(page, range);
    });

    // The per-day file: a row for each day of the range, the figures on the day they are dated.
    await page.getByRole('button', { name: 'Download dates CSV' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Per day' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`campaigns-analytics-per-day-${range.from}-to-${range.to}.csv`);
    const [header, ...rows] = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\n');
    expect(header).toMatch(/^id,campaign_name,date,amount_spent,/);
    expect(rows.map((row) => row.split(',')[2])).toEqual(
      Array.from({ length: RANGE_DAYS }, (_, day) => addCalendarDays(range.from, day)),
    );
    expect(rows.every((row) => row.includes(name))).toBe(true);
    expect(rows.find((row) => row.includes(`,${today},`))).toContain(`,${today},1250.50,300.00,420,6,`);
  });

  test('an end date that cuts a paid week short leaves a credit that the next payment uses', async ({
    page,
    request,
  }) => {
    const customer = await newCustomerThroughApi(request, 'credit', 'Credit-pass-1');
    const token = await tokenOf(request, customer);
    const stamp = Date.now();
    const daily = { budget_type: 'daily', budget_amount: 10 };
    const first = `Bakery week ${stamp}`;
    await approveThroughApi(request, await createCampaignThroughApi(request, token, first, daily));
    await logIn(page, customer);
    await expect(page).toHaveURL(/\/dashboard$/);
    await payFromList(page, first, '$70.00');

    // Ending in two days cuts the paid week: 4 whole days of it are left over, whatever the hour.
    const end = addCalendarDays(calendarDay(new Date()), 2);
    const row = await activeRow(page, first);
    await row.getByRole('button', { name: `Edit ${first}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit campaign' });
    await dialog.getByLabel('End date').fill(end);
    await checkPage(page);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Campaign updated successfully' })).toBeVisible();

    await page.goto('/balance');
    const balance = page.getByRole('region', { name: 'Current Balance' });
    await expect(balance.getByText('$40.00')).toBeVisible();
    await expect(balance.getByText('Taken off your next payments.')).toBeVisible();
    await checkPage(page);

    // The next week asked for uses it: 7 days × $10.00 less $40.00.
    const second = `Bakery weekend ${stamp}`;
    await approveThroughApi(request, await createCampaignThroughApi(request, token, second, daily));
    await page.reload();
    const due = balance.getByRole('list', { name: 'Campaigns due' }).getByRole('listitem');
    await expect(due).toContainText(second);
    await expect(due).toContainText('$30.00');
    await expect(due).toContainText('7 days × $10.00 − $40.00 credit');
    await expect(balance.getByText('Taken off your next payments.')).toBeHidden();
    await checkPage(page);
  });

  test('two campaigns chosen on the analytics list are compared side by side', async ({ page, request }) => {
    const customer = await newCustomerThroughApi(request, 'compare', 'Compare-pass-1');
    const token = await tokenOf(request, customer);
    const stamp = Date.now();
    const names = [`Gift cards ${stamp}`, `Ski boots ${stamp}`];
    for (const name of names) await approveThroughApi(request, await createCampaignThroughApi(request, token, name));

    await logIn(page, customer);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/analytics?search=${stamp}`);
    for (const name of names) await page.getByRole('checkbox', { name: `Compare ${name}` }).check();
    await expect(page.getByText('2 of 4 chosen to compare')).toBeVisible();
    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Compare campaigns' });
    const sums = dialog.getByRole('table', { name: 'Sums over the dates' });
    for (const name of names) await expect(sums.getByRole('columnheader', { name })).toBeVisible();
    // The page opens on the last 30 days, so the day-by-day table has 30 rows, one column each.
    const perDay = dialog.getByRole('table', { name: / per day$/ });
    await expect(perDay.locator('tbody tr')).toHaveCount(RANGE_DAYS);
    await expect(perDay.getByRole('columnheader')).toHaveText(['Date', ...names]);
    await checkPage(page);
  });
});

import { readFileSync } from 'node:fs';
import { calendarDay, formatDate } from '@portal/contract';
import { newCustomerThroughApi } from './support/accounts';
import { approveThroughApi, createCampaignThroughApi, METRIC_FIGURES, tokenOf } from './support/campaigns';
import { checkPage, checkToasts, expect, logIn, test } from './support/fixtures';
import { ADMIN } from './support/server-env';

const today = new Date();
const todayText = formatDate(today);

test.describe('figures, dashboards and analytics', () => {
  test('an administrator enters figures; the customer reads them on the dashboard and analytics and downloads them', async ({
    browser,
    request,
    hasTouch,
  }) => {
    test.setTimeout(240_000);
    const customer = await newCustomerThroughApi(request, 'insights', 'Insights-pass-1');
    const name = `Autumn coats ${Date.now()}`;
    const campaignId = await createCampaignThroughApi(request, await tokenOf(request, customer), name);
    await approveThroughApi(request, campaignId);

    // The administrator opens Edit metrics from the Approved tab and saves an entry.
    const adminPage = await (await browser.newContext()).newPage();
    await logIn(adminPage, ADMIN);
    await expect(adminPage).toHaveURL(/\/admin\/dashboard$/);
    await expect(adminPage.getByRole('list', { name: 'Portal statistics' })).toBeVisible();
    await checkPage(adminPage);
    await adminPage.goto(`/admin/campaigns?tab=approved&search=${encodeURIComponent(name)}`);
    await adminPage.getByRole('button', { name: `Edit metrics for ${name}` }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Edit metrics' });
    await expect(dialog.getByLabel(/^Amount spent/)).toBeFocused();
    await expect(dialog.getByLabel(/^Duration/)).toHaveValue('24');
    await checkPage(adminPage);
    for (const [label, value] of METRIC_FIGURES) await dialog.getByLabel(label).fill(value);
    await dialog.getByLabel(/^Date paid/).fill(calendarDay(today));
    await dialog.getByLabel(/^Posting date and time/).fill(`${calendarDay(today)}T09:30`);
    await dialog.getByRole('button', { name: 'Add date' }).click();
    await expect(dialog.getByRole('list', { name: 'Posting dates' }).getByRole('listitem')).toHaveCount(1);
    await dialog.getByRole('button', { name: 'Save metrics' }).click();
    await expect(adminPage.getByText('Campaign statistics updated successfully')).toBeVisible();
    await checkToasts(adminPage);
    await expect(dialog).toBeHidden();

    // The review page's History lists the entry.
    await adminPage.goto(`/admin/view-campaign/${campaignId}`);
    await expect(adminPage.getByText(/Figures entered by/)).toBeVisible();

    // The customer's dashboard: the cards, the chart of this week and Latest Campaigns.
    const customerPage = await (await browser.newContext()).newPage();
    await logIn(customerPage, customer);
    await expect(customerPage).toHaveURL(/\/dashboard$/);
    const cards = customerPage.getByRole('region', { name: 'Figures of your campaigns' });
    await expect(cards.getByText('$1,250.50')).toBeVisible();
    await expect(cards.getByText('+100.0%').first()).toBeVisible();
    await expect(customerPage.getByRole('heading', { name: 'Amount Spent' })).toBeVisible();
    await expect(customerPage.locator('[data-series="thisWeek"] path')).toBeVisible();
    // Pointing at a day shows its tooltip: Sunday, the last, by a tap on a phone.
    const chart = customerPage.getByRole('application', { name: 'Amount spent per day, this week against last week' });
    const box = (await chart.boundingBox())!;
    const sunday = { x: box.width - 20, y: box.height / 2 };
    if (hasTouch) await chart.tap({ position: sunday });
    else await chart.hover({ position: sunday });
    await expect(chart.locator('xpath=..').getByRole('status')).toContainText(/^Sun.*Last week/);
    const latest = customerPage.getByRole('list', { name: 'Latest campaigns' });
    await expect(latest.getByText(name)).toBeVisible();
    await expect(latest.getByText(`Figures as of ${todayText}`)).toBeVisible();
    await checkPage(customerPage);

    // Analytics: the card, opened, and the CSV file of the search.
    await customerPage.goto('/analytics');
    const card = customerPage.getByRole('article', { name });
    await expect(card.getByText(`Figures as of ${todayText}`)).toBeVisible();
    await card.getByRole('button', { name: `Show all figures of ${name}` }).click();
    await expect(card.getByText('$5.00')).toBeVisible(); // cost per click: 1,250.50 / 250
    await expect(card.getByText('24 h')).toBeVisible();
    await checkPage(customerPage);
    const [download] = await Promise.all([
      customerPage.waitForEvent('download'),
      customerPage.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`campaigns-analytics-${calendarDay(today)}.csv`);
    const csv = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\n');
    expect(csv[0]).toMatch(/^id,campaign_name,campaign_objective,/);
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain(name);
    expect(csv[1]).toContain(',1250.50,300.00,420,6,24,');

    // The administrator's analytics show the campaign with its customer.
    await adminPage.goto(`/admin/analytics?search=${encodeURIComponent(name)}`);
    await expect(adminPage.getByRole('article', { name }).getByText(customer.email)).toBeVisible();
    await checkPage(adminPage);
  });
});

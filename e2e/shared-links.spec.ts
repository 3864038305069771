import { FIGURES, SHARED_LINK_TEXTS } from '@portal/contract';
import type { APIRequestContext } from '@playwright/test';
import { newCustomerThroughApi } from './support/accounts';
import { approveThroughApi, createCampaignThroughApi, tokenOf } from './support/campaigns';
import { checkPage, dataList, dataRows, expect, logIn, test } from './support/fixtures';
import { ADMIN } from './support/server-env';

/** An administrator's statistics entry for today (UTC), every required figure 0 but those given. */
async function enterFiguresThroughApi(request: APIRequestContext, campaignId: number, figures: Record<string, string>) {
  const today = new Date().toISOString().slice(0, 10);
  const answer = await request.post(`/api/campaign/add-update-performance-stats/${campaignId}`, {
    headers: { authorization: `Bearer ${await tokenOf(request, ADMIN)}` },
    multipart: {
      ...Object.fromEntries(FIGURES.filter((figure) => figure.required).map((figure) => [figure.key, '0'])),
      ...figures,
      created_at: `${today}T00:00:00Z`,
      date_paid: today,
      'dates[0]': `${today}T09:00:00Z`,
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

test.describe('shared links', () => {
  test('a client opens a report link signed out; the owner sees the view and revokes it', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(180_000);
    const customer = await newCustomerThroughApi(request, 'sharer', 'Sharing-pass-1');
    const name = `Winter boots ${Date.now()}`;
    const campaignId = await createCampaignThroughApi(request, await tokenOf(request, customer), name);
    await approveThroughApi(request, campaignId);
    await enterFiguresThroughApi(request, campaignId, { amount_spent: '321.50', link_clicks: '42' });

    // The customer shares the campaign's report over the analytics page's days, for 7 days.
    await logIn(page, customer);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/analytics?search=${encodeURIComponent(name)}`);
    await page.getByRole('button', { name: `Share report of ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Share report of ${name}` });
    await dialog.getByRole('radio', { name: '7 days' }).check();
    await checkPage(page);
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const made = page.getByRole('dialog', { name: SHARED_LINK_TEXTS.madeTitle });
    const address = await made.getByRole('textbox', { name: 'Link' }).inputValue();
    expect(address).toMatch(/\/shared\/report\/[A-Za-z0-9_-]{43}$/);
    await checkPage(page);
    await made.getByRole('button', { name: 'Close' }).click();

    // A client with no account opens it in a browser of their own.
    const client = await browser.newContext();
    const clientPage = await client.newPage();
    await clientPage.goto(address);
    await expect(clientPage.getByRole('heading', { level: 1, name: `Report: ${name}` })).toBeVisible();
    await expect(clientPage.getByText('$321.50').first()).toBeVisible();
    await expect(clientPage.getByRole('link')).toHaveCount(0);
    await checkPage(clientPage);

    // The owner sees the view counted on My account, and revokes the link.
    await page.goto('/my-account');
    const links = dataList(page, 'Shared links');
    const row = dataRows(links, `Report on ${name}`);
    await expect(row.getByText('1', { exact: true })).toBeVisible();
    await checkPage(page);
    await row.getByRole('button', { name: `Revoke Report on ${name}` }).click();
    await page.getByRole('dialog', { name: 'Revoke this link?' }).getByRole('button', { name: 'Revoke' }).click();
    await expect(dataRows(links, `Report on ${name}`)).toHaveCount(0);

    // The client's next visit finds the link dead.
    await clientPage.reload();
    await expect(clientPage.getByRole('heading', { level: 1, name: SHARED_LINK_TEXTS.gone })).toBeVisible();
    await checkPage(clientPage);
    await client.close();
  });

  test("a client opens a campaign's preview link signed out and sees only the ad", async ({
    page,
    request,
    browser,
  }) => {
    const customer = await newCustomerThroughApi(request, 'previewer', 'Sharing-pass-1');
    const name = `Spring shoes ${Date.now()}`;
    await createCampaignThroughApi(request, await tokenOf(request, customer), name);

    await logIn(page, customer);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`/campaigns?tab=pending&search=${encodeURIComponent(name)}`);
    await dataRows(dataList(page, 'Pending'), name)
      .getByRole('button', { name: `Share preview of ${name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Share the preview of ${name}` });
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const made = page.getByRole('dialog', { name: SHARED_LINK_TEXTS.madeTitle });
    const address = await made.getByRole('textbox', { name: 'Link' }).inputValue();
    expect(address).toMatch(/\/shared\/preview\/[A-Za-z0-9_-]{43}$/);
    await checkPage(page);

    const client = await browser.newContext();
    const clientPage = await client.newPage();
    await clientPage.goto(address);
    const post = clientPage.getByRole('figure', { name: 'Preview of the ad' });
    await expect(post).toBeVisible();
    await expect(post.getByRole('img', { name: 'Image 1 of the ad' })).toBeVisible();
    await expect(clientPage.getByText(customer.email)).toHaveCount(0);
    await checkPage(clientPage);
    // The placements the review step shows, in Instagram's dark theme too.
    await clientPage.getByText('Dark', { exact: true }).click();
    for (const placement of ['Story', 'Reel', 'Feed']) {
      await clientPage.getByText(placement, { exact: true }).click();
      await expect(post).toHaveAttribute('data-placement', placement.toLowerCase());
      await expect(post).toHaveAttribute('data-scheme', 'dark');
      await expect(post.getByRole('img', { name: 'Image 1 of the ad' })).toBeVisible();
    }
    await checkPage(clientPage);
    await client.close();
  });
});

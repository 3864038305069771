import type { Page } from '@playwright/test';
import { newCustomerThroughApi } from './support/accounts';
import { CLIP, PHOTO } from './support/campaigns';
import { checkPage, expect, logIn, test } from './support/fixtures';

const PASSWORD = 'Checks-e2e-pass1';

/** Step 1 of the wizard, filled in and saved. */
async function fillDetails(page: Page) {
  await page.getByLabel('Campaign name').fill('Autumn shoes');
  await page.getByLabel('Budget amount (USD)').fill('90');
  for (const keyword of ['shoes', 'autumn', 'sale']) {
    await page.getByLabel('Keywords', { exact: true }).fill(keyword);
    await page.getByLabel('Keywords', { exact: true }).press('Enter');
  }
  await page.getByRole('button', { name: 'Next' }).click();
}

test.describe('the checks before review', () => {
  test('an ad that fails a check in the review step is fixed and published, previewed in each placement', async ({
    page,
    request,
  }) => {
    await logIn(page, await newCustomerThroughApi(request, 'checks', PASSWORD));
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/campaigns/new');
    await fillDetails(page);

    // Step 2 takes a plain http:// link; the checks before review do not.
    await page.getByLabel('Primary text').fill('New autumn shoes, 20% off this week');
    await page.getByLabel('Additional details').fill('Free delivery in the city');
    await page.getByLabel('Destination link').fill('http://shop.example.com/autumn');
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Add image or video' }).click();
    await (await chooser).setFiles([PHOTO, CLIP]);
    await expect(page.getByText('Uploaded')).toHaveCount(2, { timeout: 15_000 });
    await page.getByRole('button', { name: 'Next' }).click();

    const checks = page.getByRole('region', { name: 'Checks before review' });
    await expect(checks).toContainText('Fix before publishing', { timeout: 10_000 });
    await expect(checks).toContainText('Use a full https:// address for the destination link');
    await checkPage(page);

    // The server refuses it too, saying what to change.
    await page.getByRole('button', { name: 'Publish' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'Failed to publish campaign' });
    await expect(refused).toContainText('Use a full https:// address for the destination link');

    // Fixed in step 2, the review passes.
    await page.getByRole('button', { name: 'Edit Ad creative' }).click();
    await page.getByLabel('Destination link').fill('https://shop.example.com/autumn');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(checks).toContainText('Your ad passes the checks before review.', { timeout: 10_000 });

    // The preview as a feed post, a story and a reel, in light and dark.
    const preview = page.getByRole('figure', { name: 'Preview of the ad' });
    await expect(preview).toHaveAttribute('data-placement', 'feed');
    await page.getByText('Story', { exact: true }).click();
    await expect(preview).toHaveAttribute('data-placement', 'story');
    await page.getByText('Dark', { exact: true }).click();
    await expect(preview).toHaveAttribute('data-scheme', 'dark');
    await page.getByText('Reel', { exact: true }).click();
    await preview.getByRole('button', { name: 'Next file' }).click();
    const video = preview.locator('video');
    await expect(video).toHaveJSProperty('muted', true);
    // The poster is the file's first frame, drawn in the browser.
    await expect(video).toHaveAttribute('poster', /^blob:/, { timeout: 10_000 });
    await checkPage(page);

    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('heading', { name: 'Your campaign is under review!' })).toBeVisible();
  });
});

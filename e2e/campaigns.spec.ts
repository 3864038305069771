import type { APIRequestContext, Page } from '@playwright/test';
import { newCustomerThroughApi } from './support/accounts';
import { CLIP, createCampaignThroughApi, PHOTO, tokenOf } from './support/campaigns';
import { checkPage, dataList, dataRows, expect, expectWithinReach, logIn, test } from './support/fixtures';

const PASSWORD = 'Campaign-e2e-pass1';

/** A new customer, signed in (finishing sign-up was their first login, so no welcome): each test has its own draft and lists. */
async function newCustomer(page: Page, request: APIRequestContext) {
  const account = await newCustomerThroughApi(request, 'campaigns', PASSWORD);
  await logIn(page, account);
  await expect(page).toHaveURL(/\/dashboard$/);
  return account;
}

test.describe('the new-campaign wizard', () => {
  test('a customer builds a campaign with an image and a video, reloads midway and submits it', async ({
    page,
    request,
  }) => {
    // The whole life of a campaign (wizard, reload, edit, duplicate, archive, restore) with an
    // accessibility check at each stop: longer than the default two minutes in CI.
    test.setTimeout(180_000);
    await newCustomer(page, request);
    await page.goto('/campaigns/new');

    // Step 1: every missing field at once, then the details.
    await page.getByRole('button', { name: 'Next' }).click();
    const missing = page.getByRole('alert').filter({ hasText: 'Missing Field' });
    await expect(missing).toContainText('Campaign name is required');
    await expect(missing).toContainText('At least three keywords is required');
    await checkPage(page);
    await page.getByLabel('Campaign name').fill('Autumn shoes');
    await page.getByLabel('Budget amount (USD)').fill('250');
    for (const keyword of ['shoes', 'autumn', 'sale']) {
      await page.getByLabel('Keywords', { exact: true }).fill(keyword);
      await page.getByLabel('Keywords', { exact: true }).press('Enter');
    }
    await expect(page.getByText('All Edits Saved')).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 2: texts, then an image and a video, each with its progress while it uploads.
    await page.getByLabel('Primary text').fill('New autumn shoes, 20% off this week');
    await page.getByLabel('Additional details').fill('Free delivery in the city');
    await page.getByLabel('Destination link').fill('shop.example.com');
    await page.getByLabel('Primary text').click();
    await expect(page.getByText('Please enter a valid URL')).toBeVisible();
    await page.getByLabel('Destination link').fill('https://shop.example.com/autumn');
    // Uploads are held for a moment, so their progress can be seen.
    await page.route(/\/api\/storage\/uploads\//, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Add image or video' }).click();
    await (await chooser).setFiles([PHOTO, CLIP]);
    // Its bar starts empty (no width, so not "visible" to Playwright) and fills as bytes go.
    await expect(page.getByRole('progressbar', { name: 'Uploading clip.mp4' })).toBeAttached();
    await expect(page.getByText('Uploaded')).toHaveCount(2, { timeout: 15_000 });
    await page.unroute(/\/api\/storage\/uploads\//);
    // A file whose bytes are not what its name says is refused on its own tile at once.
    const fakeChooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Add image or video' }).click();
    await (
      await fakeChooser
    ).setFiles({ name: 'fake.mp4', mimeType: 'video/mp4', buffer: Buffer.from('just some text, not a video') });
    const fake = page.getByRole('listitem', { name: 'fake.mp4' });
    await expect(fake.getByRole('alert')).toHaveText("The file's content does not match its extension");
    await fake.getByRole('button', { name: 'Remove fake.mp4' }).click();
    await expect(fake).toHaveCount(0);
    await expect(page.getByText('All Edits Saved')).toBeVisible();
    await checkPage(page);

    // A reload keeps the draft, its step, the texts and the files.
    await page.reload();
    await expect(page.getByLabel('Primary text')).toHaveValue('New autumn shoes, 20% off this week');
    const files = page.getByRole('list', { name: 'Media' }).getByRole('listitem', { name: /\.(png|mp4)$/ });
    await expect(files).toHaveCount(2);
    await page.getByRole('button', { name: 'Next' }).click();

    // Step 3: the review, with the preview as a carousel and a player.
    await expect(page.getByLabel('Preparing the review')).toBeVisible();
    const preview = page.getByRole('figure', { name: 'Preview of the ad' });
    await expect(preview).toContainText('New autumn shoes, 20% off this week');
    await expect(page.getByText('$250.00 lifetime')).toBeVisible();
    await preview.getByRole('button', { name: 'Next file' }).click();
    await expect(preview.locator('video')).toBeVisible();
    await checkPage(page);
    await page.getByRole('button', { name: 'Publish' }).click();

    // Step 4.
    await expect(page.getByRole('heading', { name: 'Your campaign is under review!' })).toBeVisible();
    await checkPage(page);
    await page.getByRole('button', { name: 'My campaigns' }).click();
    await expect(page).toHaveURL(/\/campaigns$/);

    // Under Pending, then edited, duplicated, and deleted into Archived.
    await page.getByRole('tab', { name: 'Pending' }).click();
    const pending = dataList(page, 'Pending');
    await expect(dataRows(pending, /Autumn shoes/)).toContainText('Pending');
    await checkPage(page);
    // On a phone too, the row's actions are in sight without scrolling sideways.
    await expectWithinReach(page, page.getByRole('button', { name: 'Edit Autumn shoes' }));
    await expectWithinReach(page, page.getByRole('button', { name: 'Delete Autumn shoes' }));
    await expectWithinReach(page, page.getByRole('checkbox', { name: 'Select Autumn shoes' }));
    await page.getByRole('button', { name: 'Edit Autumn shoes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit campaign' });
    await dialog.getByLabel('Campaign name').fill('Autumn boots');
    await dialog.getByLabel('Destination URL').fill('not a link');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid URL' })).toBeVisible();
    await checkPage(page);
    await dialog.getByLabel('Destination URL').fill('https://shop.example.com/boots');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Campaign updated successfully' })).toBeVisible();
    await expect(dataRows(pending, /Autumn boots/)).toBeVisible();

    await page.getByRole('checkbox', { name: 'Select Autumn boots' }).check();
    await expect(page.getByText('1 Campaign(s) selected')).toBeVisible();
    await page.getByRole('button', { name: 'Duplicate', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Campaign(s) duplicated successfully' })).toBeVisible();
    await expect(dataRows(pending, /Autumn boots \(copy\)/)).toBeVisible();
    await checkPage(page);

    // Delete asks first, saying what archiving does.
    await page.getByRole('button', { name: 'Delete Autumn boots', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Archive "Autumn boots"?' });
    await expect(confirm).toContainText('This campaign will be archived: it stops running');
    await checkPage(page);
    await confirm.getByRole('button', { name: 'Archive', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Campaign(s) deleted successfully' })).toBeVisible();
    await expect(dataRows(pending, /^Autumn boots(?! \(copy\))/)).toHaveCount(0);
    await page.getByRole('tab', { name: 'Archived' }).click();
    await expect(page).toHaveURL(/tab=archived/);
    const archived = dataRows(dataList(page, 'Archived'), /Autumn boots/);
    await expect(archived).toContainText('Off');
    await checkPage(page);
    await expectWithinReach(page, archived.getByRole('button', { name: 'Restore Autumn boots' }));
    await expectWithinReach(page, archived.getByRole('switch', { name: 'Autumn boots on or off' }));

    // Restore brings it back to review, switched off.
    await archived.getByRole('button', { name: 'Restore Autumn boots' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Campaign restored and sent back to review' }),
    ).toBeVisible();
    await expect(page.getByText('No archived campaigns yet')).toBeVisible();
    await page.getByRole('tab', { name: 'Pending' }).click();
    const restored = dataRows(pending).filter({ has: page.getByText('Autumn boots', { exact: true }) });
    await expect(restored).toContainText('Pending');

    // The wizard starts afresh next time.
    await page.goto('/campaigns/new');
    await expect(page.getByLabel('Campaign name')).toHaveValue('');
  });

  test('Cancel deletes the draft and returns to the campaigns', async ({ page, request }) => {
    await newCustomer(page, request);
    await page.goto('/campaigns/new');
    await page.getByLabel('Campaign name').fill('Short lived');
    await page.getByLabel('Budget amount (USD)').fill('10');
    for (const keyword of ['a', 'b', 'c']) {
      await page.getByLabel('Keywords', { exact: true }).fill(keyword);
      await page.getByRole('button', { name: 'Add' }).click();
    }
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByLabel('Primary text')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/campaigns$/);
    await page.goto('/campaigns/new');
    await expect(page.getByLabel('Campaign name')).toHaveValue('');
  });
});

test.describe('the campaign lists', () => {
  test('page through and search 25 campaigns, with the list kept in the address', async ({ page, request }) => {
    const account = await newCustomer(page, request);
    const token = await tokenOf(request, account);
    for (let number = 1; number <= 25; number += 1) {
      await createCampaignThroughApi(request, token, `Seeded ${String(number).padStart(2, '0')}`);
    }
    await page.goto('/campaigns?tab=pending');
    const rows = dataRows(dataList(page, 'Pending'), /Seeded \d\d/);
    await expect(rows).toHaveCount(10);
    await expect(rows.first()).toContainText('Seeded 25');
    await checkPage(page);
    await expectWithinReach(page, rows.last().getByRole('button', { name: 'Edit Seeded 16' }));

    await page.getByRole('button', { name: 'Page 3' }).click();
    await expect(rows).toHaveCount(5);
    await expect(rows.first()).toContainText('Seeded 05');
    await expect(page).toHaveURL(/page=3/);
    await page.reload();
    await expect(rows).toHaveCount(5);

    await page.getByLabel('Search campaigns').fill('seeded 1');
    await expect(page).toHaveURL(/search=seeded(\+|%20)1/);
    await expect(rows).toHaveCount(10);
    await expect(page).not.toHaveURL(/page=3/);
    await page.getByLabel('Search campaigns').fill('nothing like it');
    await expect(page.getByText('No pending campaigns yet')).toBeVisible();
    await checkPage(page);
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard|\/campaigns/);
  });
});

import type { APIRequestContext, Page } from '@playwright/test';
import { calendarDay } from '@portal/contract';
import { freshEmail, newCustomerThroughApi } from './support/accounts';
import { approveThroughApi, createCampaignThroughApi, METRIC_FIGURES, PHOTO, tokenOf } from './support/campaigns';
import { checkPage, dataList, dataRows, expect, test } from './support/fixtures';
import { expectFieldError, expectNoFieldError, logInByKeyboard, retype, tabTo, toast } from './support/keyboard';
import { latestCode } from './support/mailbox';
import { ADMIN } from './support/server-env';

/*
 * Each flow done with the keyboard alone (docs/accessibility.md): the page is driven only by
 * Tab, Shift+Tab, Enter, Space, arrow keys and typing. A test may open a page by its address,
 * set data up through the API, and supply the file chosen in the system's file dialog; it
 * never clicks, fills or focuses an element of the page. Every flow runs at both widths: the
 * phone layout has the same controls in the same order, behind a menu it never needs here.
 */

const PASSWORD = 'Keyboard-pass-1';

const newCustomer = (request: APIRequestContext, label: string) => newCustomerThroughApi(request, label, PASSWORD);

/** A customer's campaign, sent for review and approved by the administrator through the API. */
async function approvedCampaign(request: APIRequestContext, customer: { email: string; password: string }) {
  const name = `Keyboard boots ${Date.now()}`;
  const campaignId = await createCampaignThroughApi(request, await tokenOf(request, customer), name);
  await approveThroughApi(request, campaignId);
  return { name, campaignId };
}

/** A 'YYYY-MM-DD' day typed into a native date field, whose segments take digits in the browser's order (US: MM DD YYYY). */
const dateKeys = (day: string) => day.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$2$3$1');

test.describe('keyboard only', () => {
  // Native date fields order their segments by the browser's language: dateKeys types US order.
  test.use({ locale: 'en-US' });

  test('sign-up: account, e-mail code, personal info, billing, then the dashboard', async ({ page, request }) => {
    const email = freshEmail('keyboard-signup');
    await page.goto('/signup');

    // Step 1. Sending it empty ties each message to its field.
    const emailField = page.getByLabel('Email');
    await tabTo(page, emailField);
    await page.keyboard.press('Enter');
    await expectFieldError(emailField, 'Email is required');
    await expectFieldError(page.getByLabel('Password', { exact: true }), /required/);
    await page.keyboard.type(email);
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');

    // The code dialog opens on its first box. A wrong code is refused aloud and the boxes empty,
    // the cursor back in the first; the mailed code then goes through.
    const dialog = page.getByRole('dialog', { name: 'Activate account' });
    const firstBox = dialog.getByLabel('Digit 1 of 6');
    await expect(firstBox).toBeFocused();
    await expect(toast(page, 'status', 'Success')).toBeVisible();
    const code = await latestCode(request, email, 'Your activation code');
    const wrong = code === '000000' ? '111111' : '000000';
    await page.keyboard.type(wrong);
    await expect(page.locator('.mantine-Notifications-root').getByRole('alert')).toBeVisible();
    await expect(firstBox).toHaveValue('');
    await expect(firstBox).toBeFocused();
    await page.keyboard.type(code);
    await expect(toast(page, 'status', 'Verified')).toBeVisible();

    // Step 2: the focus moves to the new step's heading, not to the top of the page.
    await expect(page.getByRole('heading', { name: 'Personal info' })).toBeFocused();
    const firstName = page.getByLabel('First name');
    await tabTo(page, firstName);
    await page.keyboard.press('Enter');
    await expectFieldError(firstName, 'First name is required');
    await page.keyboard.type('Kim');
    await expectNoFieldError(firstName);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Last name')).toBeFocused();
    await page.keyboard.type('Keys');
    await page.keyboard.press('Enter');

    // Step 3: billing, the account type chosen with an arrow key.
    await expect(page.getByRole('heading', { name: 'Billing details' })).toBeFocused();
    await tabTo(page, page.getByRole('radio', { name: 'Company' }));
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Individual' })).toBeChecked();
    await expect(page.getByLabel('Business name')).toHaveCount(0);
    for (const [label, value] of [
      ['Address', '1 Main Street'],
      ['City', 'Springfield'],
      ['State', 'Illinois'],
      ['Postal code', '62701'],
    ] as const) {
      await tabTo(page, page.getByLabel(label, { exact: true }));
      await page.keyboard.type(value);
    }
    await page.keyboard.press('Enter');

    // Step 4, then the dashboard.
    await expect(page.getByRole('heading', { name: 'Your Account is ready!' })).toBeFocused();
    await expect(toast(page, 'status', 'Registered')).toBeVisible();
    await checkPage(page);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Go to dashboard' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the whole campaign wizard, the media upload included', async ({ page, request }) => {
    await logInByKeyboard(page, await newCustomer(request, 'keyboard-wizard'));
    await page.goto('/campaigns/new');

    // Next with nothing filled in: the toast says it all, each message sits on its field, and
    // the keyboard lands on the first of them.
    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');
    await expect(toast(page, 'alert', 'Missing Field')).toBeVisible();
    const name = page.getByLabel('Campaign name');
    await expect(name).toBeFocused();
    await expectFieldError(name, 'Campaign name is required');
    await expectFieldError(page.getByLabel('Budget amount (USD)'), 'Budget amount is required');
    await expectFieldError(page.getByLabel('Keywords', { exact: true }), 'At least three keywords is required');
    await checkPage(page);

    // Step 1 by keyboard: radio groups take the arrow keys, keywords go in with Enter.
    await page.keyboard.type('Keyboard shoes');
    await expectNoFieldError(name);
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('radio', { name: 'Video view' })).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('radio', { name: 'Brand awareness' })).toBeChecked();
    await tabTo(page, page.getByRole('radio', { name: /^Lifetime/ }));
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Daily' })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Budget amount (USD)')).toBeFocused();
    await page.keyboard.type('250');
    await page.keyboard.press('Tab');
    const keywords = page.getByLabel('Keywords', { exact: true });
    await expect(keywords).toBeFocused();
    for (const keyword of ['shoes', 'autumn', 'sale']) {
      await page.keyboard.type(keyword);
      await page.keyboard.press('Enter');
    }
    await expect(page.getByRole('button', { name: 'Remove keyword sale' })).toBeVisible();
    await expectNoFieldError(keywords);
    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');

    // Step 2 starts in its first field. Next with it empty: the same, and the media button
    // (the file field's stand-in) carries the media message.
    const primary = page.getByLabel('Primary text');
    await expect(primary).toBeFocused();
    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');
    await expect(primary).toBeFocused();
    await expectFieldError(primary, 'Primary text is missing');
    await expectFieldError(page.getByLabel('Additional details'), 'Additional text is missing');
    const addMedia = page.getByRole('button', { name: 'Add image or video' });
    await expectFieldError(addMedia, 'Please select media files');
    await page.keyboard.type('New shoes, 20% off this week');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Free delivery in the city');
    await page.keyboard.press('Tab');
    await page.keyboard.type('https://shop.example.com/shoes');

    // The plus button opens the system's file dialog with Space; picking the file there is the
    // one thing the test supplies.
    await tabTo(page, addMedia);
    // It shows where the keyboard is with the theme's ring, as the Next button does.
    await expect(addMedia).toHaveCSS('outline-style', 'solid');
    await expect(addMedia).toHaveCSS('outline-width', '2px');
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Space');
    await (await chooser).setFiles(PHOTO);
    await expect(page.getByText('Uploaded')).toHaveCount(1, { timeout: 15_000 });
    await expectNoFieldError(addMedia);
    await expect(page.getByText('All Edits Saved')).toBeVisible();
    await checkPage(page);
    await tabTo(page, page.getByRole('button', { name: 'Next' }));
    await page.keyboard.press('Enter');

    // Step 3: the focus is on the wizard itself, ahead of the review.
    await expect(page.getByLabel('Preparing the review')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Campaign wizard' })).toBeFocused();
    await expect(page.getByRole('figure', { name: 'Preview of the ad' })).toContainText('New shoes, 20% off this week');
    await expect(page.getByText('$250.00 a day')).toBeVisible();
    await tabTo(page, page.getByRole('button', { name: 'Publish' }));
    await page.keyboard.press('Enter');

    // Step 4 offers its one way on at once.
    await expect(page.getByRole('heading', { name: 'Your campaign is under review!' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'My campaigns' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/campaigns$/);
    // The button that led there is gone: the new page's title has the focus.
    await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeFocused();
    await page.goto('/campaigns?tab=pending');
    await expect(dataRows(dataList(page, 'Pending'), /Keyboard shoes/)).toContainText('Pending');
  });

  test('an administrator declines one campaign and approves another', async ({ page, request }) => {
    const customer = await newCustomer(request, 'keyboard-review');
    const token = await tokenOf(request, customer);
    const declined = `Keyboard dark ${Date.now()}`;
    const approved = `Keyboard bright ${Date.now()}`;
    const declinedId = await createCampaignThroughApi(request, token, declined);
    const approvedId = await createCampaignThroughApi(request, token, approved);
    await logInByKeyboard(page, ADMIN);

    // Decline opens its dialog in the reason; Escape closes it and Decline has the focus again.
    await page.goto(`/admin/view-campaign/${declinedId}`);
    const decline = page.getByRole('button', { name: 'Decline' });
    await tabTo(page, decline);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Decline campaign' });
    const reason = dialog.getByRole('combobox', { name: /^Reason/ });
    await expect(reason).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(decline).toBeFocused();

    // Again, this time with a reason and a note, sent from the dialog's own Decline button.
    await page.keyboard.press('Enter');
    await expect(reason).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.getByRole('option', { name: 'Image too small or wrong ratio' }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(reason).toHaveValue('Image too small or wrong ratio');
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Note (optional)')).toBeFocused();
    await page.keyboard.type('The image is too dark to read');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Decline' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'status', 'Campaign declined successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    // Decline went with the decision; the keyboard is on the campaign's name, not lost.
    await expect(page.getByRole('heading', { name: declined })).toBeFocused();
    await expect(page.getByText('Reason: Image too small or wrong ratio. The image is too dark to read')).toBeVisible();
    await checkPage(page);

    // Approve needs no dialog.
    await page.goto(`/admin/view-campaign/${approvedId}`);
    await tabTo(page, page.getByRole('button', { name: 'Approve' }));
    await page.keyboard.press('Enter');
    await expect(toast(page, 'status', 'Campaign approved successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: approved })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Back' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Edit metrics' })).toBeVisible();
  });

  test('an administrator enters figures in Edit metrics', async ({ page, request }) => {
    const customer = await newCustomer(request, 'keyboard-figures');
    const { name, campaignId } = await approvedCampaign(request, customer);
    await logInByKeyboard(page, ADMIN);
    await page.goto(`/admin/campaigns?tab=approved&search=${encodeURIComponent(name)}`);

    // The dialog opens in its first field and gives the focus back to its opener on Escape.
    const opener = page.getByRole('button', { name: `Edit metrics for ${name}` });
    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit metrics' });
    const amountSpent = dialog.getByLabel(/^Amount spent/);
    await expect(amountSpent).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    // Saved empty: every message on its field, the keyboard on the first.
    await page.keyboard.press('Enter');
    await expect(amountSpent).toBeFocused();
    await tabTo(page, dialog.getByRole('button', { name: 'Save metrics' }));
    await page.keyboard.press('Enter');
    await expect(amountSpent).toBeFocused();
    await expectFieldError(amountSpent, 'Amount spent is required');
    await expectFieldError(dialog.getByLabel(/^Stories With Link/), 'Stories with link count is required');
    await expectFieldError(dialog.getByLabel(/^Posting date and time/), 'At least one date is required');
    await checkPage(page);

    // Figures in the order the dialog lists them; Duration and Date keep their defaults.
    for (const [label, value] of METRIC_FIGURES) {
      await tabTo(page, dialog.getByLabel(label));
      // At a person's pace: with no pause at all between keys, the money field's formatter can
      // miss the decimal point between two renders ($125,050.00), which no typist is fast enough for.
      await page.keyboard.type(value, { delay: 30 });
    }
    await expectNoFieldError(amountSpent);

    // Native date fields take the day's digits segment by segment; Enter adds the posting date.
    const today = calendarDay(new Date());
    await tabTo(page, dialog.getByLabel(/^Date paid/));
    await page.keyboard.type(dateKeys(today));
    await expect(dialog.getByLabel(/^Date paid/)).toHaveValue(today);
    const posting = dialog.getByLabel(/^Posting date and time/);
    await tabTo(page, posting);
    // The year takes more than four digits, so Tab moves on to the time (09:30 AM).
    await page.keyboard.type(dateKeys(today));
    await page.keyboard.press('Tab');
    await page.keyboard.type('0930A');
    await expect(posting).toHaveValue(`${today}T09:30`);
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('list', { name: 'Posting dates' }).getByRole('listitem')).toHaveCount(1);
    await expectNoFieldError(posting);

    await tabTo(page, dialog.getByRole('button', { name: 'Save metrics' }));
    await page.keyboard.press('Enter');
    await expect(toast(page, 'status', 'Campaign statistics updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    const saved = await request.get(`/api/admin/campaign/${campaignId}`, {
      headers: { authorization: `Bearer ${await tokenOf(request, ADMIN)}` },
    });
    expect(saved.status()).toBe(200);
    expect((await saved.json()).data.statistics[0]).toMatchObject({ amount_spent: 1250.5, link_clicks: 250 });
  });

  test('a customer adds a card, then pays on the checkout page', async ({ page, request }) => {
    const customer = await newCustomer(request, 'keyboard-pay');
    const { name } = await approvedCampaign(request, customer);
    await logInByKeyboard(page, customer);
    await page.goto('/balance');

    // "Add payment method" asks the server first (its button shows a loader meanwhile), then
    // opens the card dialog in Card number; Escape gives the focus back to the button.
    const addCard = page.getByRole('button', { name: 'Add payment method' });
    await tabTo(page, addCard);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add payment method' });
    const number = dialog.getByLabel('Card number');
    await expect(number).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(addCard).toBeFocused();

    // Tab and Shift+Tab stay in the dialog: back from the first field to its close button,
    // then round to its last button.
    await page.keyboard.press('Enter');
    await expect(number).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Save card' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(number).toBeFocused();

    // A number that fails its check: the message on the field, the keyboard back on it.
    await page.keyboard.type('4242 4242 4242 4241');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1230');
    await page.keyboard.press('Tab');
    await page.keyboard.type('123');
    await page.keyboard.press('Enter');
    await expectFieldError(number, 'Your card number is invalid.');
    await expect(number).toBeFocused();
    await checkPage(page);
    await retype(page, '4242 4242 4242 4242');
    await expectNoFieldError(number);
    await page.keyboard.press('Enter');
    await expect(toast(page, 'status', 'Payment method setup successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(addCard).toBeFocused();
    await expect(dataList(page, 'Payment methods').getByText('•••• 4242')).toBeVisible();

    // Pay opens the checkout in a new tab, from the keyboard as from a click.
    const due = page.getByRole('region', { name: 'Current Balance' }).getByRole('list', { name: 'Campaigns due' });
    await tabTo(page, due.getByRole('link', { name: new RegExp(`Pay.*${name}`) }), { max: 60 });
    const [checkout] = await Promise.all([page.context().waitForEvent('page'), page.keyboard.press('Enter')]);
    await checkout.waitForLoadState();
    await expect(checkout).toHaveURL(/\/checkout\/[\w-]+$/);
    await payByKeyboard(checkout);
  });
});

/** The checkout: a new card that is declined (the message on its field), then the saved card. */
async function payByKeyboard(page: Page) {
  const saved = page.getByRole('radio', { name: /•••• 4242/ });
  await tabTo(page, saved);
  await expect(saved).toBeChecked();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: 'A new card' })).toBeChecked();
  const number = page.getByLabel('Card number');
  await page.keyboard.press('Tab');
  await expect(number).toBeFocused();
  await page.keyboard.type('4000 0000 0000 0002');
  await page.keyboard.press('Tab');
  await page.keyboard.type('1230');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await page.keyboard.press('Enter');
  await expectFieldError(number, 'Your card was declined.');
  await expect(number).toBeFocused();
  await checkPage(page);

  // Back to the choice of card, and the saved one pays.
  await tabTo(page, page.getByRole('radio', { name: 'A new card' }), { backwards: true });
  await page.keyboard.press('ArrowUp');
  await expect(saved).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Pay $120.00' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Payment received. Thank you!')).toBeVisible();
  await checkPage(page);
}

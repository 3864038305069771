import { newCustomerThroughApi } from './support/accounts';
import { createCampaignThroughApi, tokenOf } from './support/campaigns';
import type { Page } from '@playwright/test';
import {
  checkPage,
  checkToasts,
  dataList,
  dataRows,
  expect,
  expectWithinReach,
  LOGIN_PAGE_URL,
  logIn,
  test,
  trackRequests,
} from './support/fixtures';
import { ADMIN } from './support/server-env';

/** A link of the main menu, opening the menu first where it is a drawer (phones). */
async function menuLink(page: Page, name: RegExp) {
  const toggle = page.getByRole('button', { name: 'Toggle menu' });
  // A drawer still sliding shut after the last link was followed would pass for an open menu.
  if ((await toggle.getAttribute('aria-expanded')) === 'false') {
    await expect(page.getByRole('dialog', { name: 'Main menu' })).toBeHidden();
  }
  const link = page.getByRole('link', { name }).first();
  if (!(await link.isVisible())) await toggle.click();
  await expect(link).toBeVisible();
  return link;
}

test.describe('review, notifications and bans', () => {
  test('a declined campaign is fixed and approved, the customer hears of each decision live, then is banned', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const customer = await newCustomerThroughApi(request, 'reviewed', 'Reviewed-pass-1');
    const name = `Winter boots ${Date.now()}`;
    await createCampaignThroughApi(request, await tokenOf(request, customer), name);

    // Two people at once: the customer keeps the portal open while the administrator reviews.
    const customerPage = await (await browser.newContext()).newPage();
    const adminPage = await (await browser.newContext()).newPage();
    trackRequests(customerPage);
    trackRequests(adminPage);
    await logIn(customerPage, customer);
    await expect(customerPage).toHaveURL(/\/dashboard$/);
    await customerPage.goto('/campaigns?tab=pending');
    const customerPending = dataList(customerPage, 'Pending');
    await expect(dataRows(customerPending, name)).toBeVisible();

    // The administrator finds it under Pending and declines it with a reason.
    await logIn(adminPage, ADMIN);
    await expect(adminPage).toHaveURL(/\/admin\/dashboard$/);
    await expect(adminPage.getByRole('heading', { name: 'Latest Campaigns' })).toBeVisible();
    await checkPage(adminPage);
    await adminPage.goto('/admin/campaigns');
    await adminPage.getByRole('searchbox', { name: 'Search campaigns or customers' }).fill(name);
    await adminPage.getByRole('searchbox', { name: 'Search campaigns or customers' }).press('Enter');
    await expect(adminPage).toHaveURL(/search=/);
    await expect(dataRows(dataList(adminPage, 'Pending'), name)).toBeVisible();
    await checkPage(adminPage);
    await expectWithinReach(adminPage, adminPage.getByRole('link', { name: `View ${name}` }));
    await adminPage.getByRole('link', { name: `View ${name}` }).click();
    await expect(adminPage.getByRole('heading', { name })).toBeVisible();
    await expect(adminPage.getByText('Submitted for review by Robin Reader')).toBeVisible();
    await expect(adminPage.getByRole('img', { name: 'photo.png' }).first()).toBeVisible();
    await checkPage(adminPage);
    await adminPage.getByRole('button', { name: 'Decline' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Decline campaign' });
    const reason = dialog.getByRole('combobox', { name: /^Reason/ });
    await expect(reason).toBeFocused();
    await reason.click();
    await adminPage.getByRole('option', { name: 'Image too small or wrong ratio' }).click();
    await dialog.getByLabel('Note (optional)').fill('The image is too dark to read');
    await checkPage(adminPage);
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await expect(adminPage.getByText('Campaign declined successfully')).toBeVisible();
    // The customer's open page hears of it without a reload: a toast and the unread count. The
    // toast closes itself after five seconds, so it is looked for before anything slow (the
    // accessibility check of the administrator's toasts) runs.
    await expect(customerPage.getByText(`Your campaign "${name}" was declined.`)).toBeVisible({ timeout: 15_000 });
    await checkToasts(adminPage);
    await expect(adminPage.getByText('Declined by')).toBeVisible();
    await expect(
      adminPage.getByText('Reason: Image too small or wrong ratio. The image is too dark to read'),
    ).toBeVisible();
    const notificationsLink = await menuLink(customerPage, /^Notifications/);
    await expect(notificationsLink).toHaveAccessibleName('Notifications 1 unread');
    await expect(dataRows(customerPending, /The image is too dark to read/)).toBeVisible();
    await notificationsLink.click();
    await expect(
      customerPage.getByText('Reason: Image too small or wrong ratio. The image is too dark to read').first(),
    ).toBeVisible();
    await expect(await menuLink(customerPage, /^Notifications/)).toHaveAccessibleName('Notifications');
    await customerPage.keyboard.press('Escape');
    await checkPage(customerPage);

    // The administrator finds it under Declined.
    await adminPage.goto('/admin/campaigns?tab=declined');
    await expect(dataRows(dataList(adminPage, 'Declined'), name)).toContainText('The image is too dark to read');
    await checkPage(adminPage);
    await expectWithinReach(adminPage, adminPage.getByRole('link', { name: `View ${name}` }));

    // The customer edits the name and sends it again.
    await customerPage.goto('/campaigns?tab=pending');
    await expectWithinReach(customerPage, customerPage.getByRole('button', { name: `Resubmit ${name}` }));
    await customerPage.getByRole('button', { name: `Edit ${name}` }).click();
    const fixedName = `${name} bright`;
    await customerPage.getByLabel('Campaign name').fill(fixedName);
    await customerPage.getByRole('button', { name: 'Save changes' }).click();
    await expect(customerPage.getByText('Campaign updated successfully')).toBeVisible();
    await customerPage.getByRole('button', { name: `Resubmit ${fixedName}` }).click();
    const resubmitted = dataRows(customerPending, fixedName);
    await expect(resubmitted).toContainText('Pending');
    await expect(resubmitted).not.toContainText('Declined');
    await checkPage(customerPage);

    // The administrator approves it; it moves to the customer's Active tab.
    await adminPage.goto('/admin/campaigns');
    await adminPage.getByRole('link', { name: `View ${fixedName}` }).click();
    await adminPage.getByRole('button', { name: 'Approve' }).click();
    await expect(adminPage.getByText('Campaign approved successfully')).toBeVisible();
    // The customer's toast closes itself after five seconds, so it is looked for before anything
    // slow (the accessibility check) runs on the administrator's page; the unread count stays.
    await expect(customerPage.getByText(`Your campaign "${fixedName}" was approved`)).toBeVisible({
      timeout: 15_000,
    });
    await expect(await menuLink(customerPage, /^Notifications/)).toHaveAccessibleName('Notifications 1 unread');
    await customerPage.keyboard.press('Escape');
    // The review page after the decision: Approved, with Edit metrics in place of the decision.
    await expect(adminPage.getByRole('button', { name: 'Edit metrics' })).toBeVisible();
    await checkPage(adminPage);
    // It is under the administrator's Approved tab, with Edit metrics and View.
    await adminPage.goto('/admin/campaigns?tab=approved');
    await expect(dataRows(dataList(adminPage, 'Approved'), fixedName)).toBeVisible();
    await checkPage(adminPage);
    await expectWithinReach(adminPage, adminPage.getByRole('button', { name: `Edit metrics for ${fixedName}` }));
    await expectWithinReach(adminPage, adminPage.getByRole('link', { name: `View ${fixedName}` }));
    await customerPage.goto('/campaigns');
    await expect(dataRows(dataList(customerPage, 'Active campaigns'), fixedName)).toBeVisible();
    await checkPage(customerPage);
    await expectWithinReach(customerPage, customerPage.getByRole('button', { name: `Edit ${fixedName}` }));
    await expectWithinReach(customerPage, customerPage.getByRole('switch', { name: `${fixedName} on or off` }));

    // The administrator bans the customer; the customer's open page is signed out.
    await adminPage.goto('/admin/users');
    await adminPage.getByRole('searchbox', { name: 'Search users by name or e-mail' }).fill(customer.email);
    await adminPage.getByRole('searchbox', { name: 'Search users by name or e-mail' }).press('Enter');
    const users = dataList(adminPage, 'Registered Users');
    const row = dataRows(users, customer.email);
    await expect(dataRows(users)).toHaveCount(1);
    await checkPage(adminPage);
    await expectWithinReach(adminPage, row.getByRole('button', { name: 'Active: ban Robin Reader' }));
    await row.getByRole('button', { name: 'Active: ban Robin Reader' }).click();
    const ban = adminPage.getByRole('dialog', { name: 'Ban Robin Reader?' });
    await expect(ban.getByText(`${fixedName} (approved)`)).toBeVisible();
    // Its History names the campaign of each decision: declined, then approved.
    await expect(ban.getByText(`Campaign: ${fixedName}`)).toHaveCount(2);
    await expect(ban.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await checkPage(adminPage);
    await ban.getByRole('button', { name: 'Ban user' }).click();
    await expect(adminPage.getByText('User status updated successfully')).toBeVisible();
    await expect(row.getByRole('button', { name: 'InActive: unban Robin Reader' })).toBeVisible();
    await checkPage(adminPage);
    await expect(customerPage).toHaveURL(LOGIN_PAGE_URL, { timeout: 15_000 });

    // Banned: the login says so.
    await logIn(customerPage, customer);
    await expect(customerPage.getByText(/Your account has been suspended/)).toBeVisible();
  });
});

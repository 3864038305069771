import { newCustomerThroughApi } from './support/accounts';
import { createCampaignThroughApi, tokenOf } from './support/campaigns';
import { checkPage, checkToasts, dataList, dataRows, expect, logIn, test, trackRequests } from './support/fixtures';
import { ADMIN } from './support/server-env';

test.describe('review that teaches', () => {
  test('an administrator declines with a reason and a note; the customer fixes and resubmits; the administrator sees what changed', async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const customer = await newCustomerThroughApi(request, 'taught', 'Taught-pass-1');
    const name = `Acme-less boots ${Date.now()}`;
    const campaignId = await createCampaignThroughApi(request, await tokenOf(request, customer), name);
    const customerPage = await (await browser.newContext()).newPage();
    const adminPage = await (await browser.newContext()).newPage();
    trackRequests(customerPage);
    trackRequests(adminPage);

    // The administrator's reasons page: the seeded reasons and the counts per month.
    await logIn(adminPage, ADMIN);
    await expect(adminPage).toHaveURL(/\/admin\/dashboard$/);
    await adminPage.goto('/admin/decline-reasons');
    const reasons = adminPage.getByRole('table', { name: 'Reasons' });
    await expect(reasons.getByRole('row', { name: /missing_brand/ })).toContainText('Missing brand name');
    await expect(adminPage.getByRole('table', { name: /Declines per reason/ })).toBeVisible();
    await checkPage(adminPage);

    // It declines the campaign with a reason and a note.
    await adminPage.goto(`/admin/view-campaign/${campaignId}`);
    await expect(adminPage.getByRole('heading', { name })).toBeVisible();
    await expect(adminPage.getByRole('heading', { name: 'Changes since the last decision' })).toHaveCount(0);
    await adminPage.getByRole('button', { name: 'Decline' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Decline campaign' });
    await dialog.getByRole('combobox', { name: /^Reason/ }).click();
    await adminPage.getByRole('option', { name: 'Missing brand name' }).click();
    await dialog.getByLabel('Note (optional)').fill('Put Acme in the name');
    await checkPage(adminPage);
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await expect(adminPage.getByText('Campaign declined successfully')).toBeVisible();
    await checkToasts(adminPage);
    const told = 'Missing brand name. Put Acme in the name';
    await expect(adminPage.getByText(`Reason: ${told}`)).toBeVisible();

    // The customer reads the reason and the note in the list and the notifications.
    await logIn(customerPage, customer);
    await expect(customerPage).toHaveURL(/\/dashboard$/);
    await customerPage.goto('/notifications');
    // The notification is written by the events' worker, a moment after the decision.
    await expect(async () => {
      await customerPage.reload();
      await expect(customerPage.getByText(`Reason: ${told}`).first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await checkPage(customerPage);
    await customerPage.goto('/campaigns?tab=pending');
    const pending = dataList(customerPage, 'Pending');
    await expect(dataRows(pending, name)).toContainText(told);
    await checkPage(customerPage);

    // It puts the brand in the name and resubmits.
    await customerPage.getByRole('button', { name: `Edit ${name}` }).click();
    const fixedName = name.replace('Acme-less', 'Acme');
    await customerPage.getByLabel('Campaign name').fill(fixedName);
    await customerPage.getByRole('button', { name: 'Save changes' }).click();
    await expect(customerPage.getByText('Campaign updated successfully')).toBeVisible();
    await customerPage.getByRole('button', { name: `Resubmit ${fixedName}` }).click();
    await expect(dataRows(pending, fixedName)).not.toContainText('Declined');
    await checkPage(customerPage);

    // The administrator sees what changed since the decline, above the campaign.
    await adminPage.reload();
    const changes = adminPage.getByRole('region', { name: 'Changes since the last decision' });
    await expect(changes).toBeVisible();
    await expect(changes.getByText(/^Compared with the campaign as declined on /)).toBeVisible();
    const row = changes.getByRole('row', { name: /Campaign name/ });
    await expect(row).toContainText(name);
    await expect(row).toContainText(fixedName);
    await checkPage(adminPage);

    // The decline is counted under its reason this month.
    await adminPage.goto('/admin/decline-reasons');
    const counts = adminPage.getByRole('table', { name: /Declines per reason/ });
    await expect(
      counts
        .getByRole('row', { name: /Missing brand name/ })
        .getByRole('cell')
        .last(),
    ).not.toHaveText('0');
  });
});

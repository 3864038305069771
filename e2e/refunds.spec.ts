import { newCustomerThroughApi } from './support/accounts';
import { approveThroughApi, createCampaignThroughApi, tokenOf } from './support/campaigns';
import { checkPage, checkToasts, dataList, dataRows, expect, expectWithinReach, logIn, test } from './support/fixtures';
import { ADMIN } from './support/server-env';

test.describe("the administrators' payments page", () => {
  test('an administrator finds a payment, refunds part of it with a reason, and the customer sees it', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(180_000);
    // A customer's campaign of $120.00, approved and paid in the sandbox through the API.
    const customer = await newCustomerThroughApi(request, 'refunds', 'Refunds-pass-1');
    const customerToken = await tokenOf(request, customer);
    const name = `Refunded boots ${Date.now()}`;
    const campaignId = await createCampaignThroughApi(request, customerToken, name);
    await approveThroughApi(request, campaignId);
    const headers = { authorization: `Bearer ${customerToken}` };
    const due = await (await request.get('/api/customer/balance', { headers })).json();
    const link = (due.data.campaigns_due as { id: number; payment_link_url: string }[]).find(
      (campaign) => campaign.id === campaignId,
    )!.payment_link_url;
    const paid = await request.post(`/api/checkout/${link.split('/checkout/')[1]}/pay`, {
      headers,
      data: { card_number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' },
    });
    expect(paid.status()).toBe(200);

    // The administrator finds it from the menu, by the campaign's name.
    await logIn(page, ADMIN);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.goto('/admin/payments');
    await page.getByRole('searchbox', { name: 'Search by customer, account, campaign or transaction' }).fill(name);
    const payments = dataList(page, 'Payments');
    const row = dataRows(payments, name);
    await expect(row.getByText('Paid', { exact: true })).toBeVisible();
    await expect(row.getByText('$120.00')).toBeVisible();
    await checkPage(page);
    await expectWithinReach(page, row.getByRole('button', { name: /^Refund / }));

    // A part of it, with a reason; a reason left out is asked for first.
    await row.getByRole('button', { name: /^Refund / }).click();
    const dialog = page.getByRole('dialog', { name: 'Refund payment' });
    await expect(dialog.getByText('Left to refund: $120.00.', { exact: false })).toBeVisible();
    await checkPage(page);
    await dialog.getByLabel('Amount (USD)').fill('20.50');
    await dialog.getByRole('button', { name: 'Refund $20.50' }).click();
    await expect(dialog.getByText('Give the reason for the refund')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Two days did not run');
    await dialog.getByRole('button', { name: 'Refund $20.50' }).click();
    await expect(page.getByText('The refund was made. The customer is told by e-mail.')).toBeVisible();
    await checkToasts(page);
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Partly refunded', { exact: true })).toBeVisible();
    await expect(row.getByText('$20.50')).toBeVisible();
    await checkPage(page);

    // The customer: the refund in Payment activity, on the receipt and in a notification.
    const customerPage = await (await browser.newContext()).newPage();
    await logIn(customerPage, customer);
    await expect(customerPage).toHaveURL(/\/dashboard$/);
    await customerPage.goto('/balance');
    const activity = dataRows(dataList(customerPage, 'Payment activity'), name);
    await expect(activity.getByText('Partly refunded', { exact: true })).toBeVisible();
    await expect(activity.getByText('$20.50')).toBeVisible();
    await customerPage.goto(`/receipts/${(await paid.json()).data.id}`);
    const refunds = customerPage.getByRole('table', { name: 'Refunds' });
    await expect(refunds.getByText('Two days did not run')).toBeVisible();
    await checkPage(customerPage);
    await customerPage.goto('/notifications');
    await expect(
      customerPage.getByText(`Refund of $20.50 for your campaign "${name}". Reason: Two days did not run`),
    ).toBeVisible();
    await customerPage.context().close();
  });
});

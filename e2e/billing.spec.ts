import { AUTO_PAY_TEXTS, PAYMENT_MESSAGES } from '@portal/contract';
import { newCustomerThroughApi } from './support/accounts';
import { approveThroughApi, createCampaignThroughApi, tokenOf } from './support/campaigns';
import { checkPage, checkToasts, dataList, dataRows, expect, logIn, test } from './support/fixtures';

test.describe('billing', () => {
  test('a customer pays automatically: a default card, the switch, and a campaign paid on approval without its link', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const customer = await newCustomerThroughApi(request, 'autopay', 'Billing-pass-1');
    await logIn(page, customer);
    await expect(page).toHaveURL(/\/dashboard$/);

    // Without a card, the switch cannot be turned on and says why.
    await page.goto('/balance');
    const balance = page.getByRole('region', { name: 'Current Balance' });
    const autoPay = balance.getByRole('switch', { name: new RegExp(`^${AUTO_PAY_TEXTS.label}`) });
    await expect(autoPay).toBeDisabled();
    await expect(balance.getByText(AUTO_PAY_TEXTS.needsCard)).toBeVisible();
    await checkPage(page);

    // The first card saved is the default.
    await page.getByRole('button', { name: 'Add payment method' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add payment method' });
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await dialog.getByLabel('Expiry date').fill('12/30');
    await dialog.getByLabel('CVC').fill('123');
    await dialog.getByRole('button', { name: 'Save card' }).click();
    await expect(dialog).toBeHidden();
    const cards = dataList(page, 'Payment methods');
    await expect(dataRows(cards, '•••• 4242').getByText('Default', { exact: true })).toBeVisible();

    await expect(autoPay).toBeEnabled();
    await autoPay.click({ force: true });
    await expect(autoPay).toBeChecked();
    await expect(page.getByText(PAYMENT_MESSAGES.autoPayOn)).toBeVisible();
    await checkToasts(page);
    await checkPage(page);

    // Approved: charged to the default card within moments, no link opened.
    const name = `Autumn coats ${Date.now()}`;
    const campaignId = await createCampaignThroughApi(request, await tokenOf(request, customer), name);
    await approveThroughApi(request, campaignId);
    await expect(async () => {
      await page.goto(`/campaigns?search=${encodeURIComponent(name)}`);
      const row = dataRows(dataList(page, 'Active campaigns'), name);
      await expect(row.getByText('Paid', { exact: true })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await checkPage(page);

    await page.goto('/balance');
    await expect(page.getByRole('list', { name: 'Campaigns due' })).toHaveCount(0);
    const payment = dataRows(dataList(page, 'Payment activity'), name);
    await expect(payment.getByText('$120.00')).toBeVisible();
    await expect(payment.getByText(/Visa •••• 4242/)).toBeVisible();
    await checkPage(page);
  });
});

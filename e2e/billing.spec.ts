import { AUTO_PAY_TEXTS, PAYMENT_MESSAGES } from '@portal/contract';
import { newCustomerThroughApi } from './support/accounts';
import { approveThroughApi, createCampaignThroughApi, tokenOf } from './support/campaigns';
import { checkPage, checkToasts, dataList, dataRows, expect, logIn, test } from './support/fixtures';
import { ADMIN } from './support/server-env';

test.describe('billing', () => {
  test('a customer pays automatically, downloads the invoice, and sees the credit note of a refund', async ({
    page,
    request,
    browser,
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

    // Its invoice, numbered in this year's series, downloaded as a PDF from Payment activity.
    const invoiceLink = payment.getByRole('link', { name: /^Invoice\s*\d{4}-\d{6}/ });
    await expect(invoiceLink).toBeVisible();
    const invoiceNumber = (await invoiceLink.textContent())!.match(/\d{4}-\d{6}/)![0];
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      payment.getByRole('button', { name: `PDF of ${invoiceNumber}` }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`invoice-${invoiceNumber}.pdf`);

    // An administrator refunds it in full, with a reason.
    const adminPage = await (await browser.newContext()).newPage();
    await logIn(adminPage, ADMIN);
    await expect(adminPage).toHaveURL(/\/admin\/dashboard$/);
    await adminPage.goto(`/admin/payments?search=${encodeURIComponent(name)}`);
    const row = dataRows(dataList(adminPage, 'Payments'), name);
    await row.getByRole('button', { name: /^Refund / }).click();
    const refund = adminPage.getByRole('dialog', { name: 'Refund payment' });
    await refund.getByLabel('Reason').fill('The campaign was stopped');
    await refund.getByRole('button', { name: 'Refund $120.00' }).click();
    await expect(refund).toBeHidden();
    // The status says it (a table's cell, or a phone's card line beside the Refunded amount's label).
    await expect(row.getByText('Refunded', { exact: true }).first()).toBeVisible();
    await expect(row.getByText('$120.00')).toHaveCount(2);
    await checkPage(adminPage);
    await adminPage.context().close();

    // The customer sees the refund, and the credit note that answers it.
    await expect(async () => {
      await page.reload();
      const refunded = dataRows(dataList(page, 'Payment activity'), name);
      await expect(refunded.getByRole('link', { name: /^Credit note\s*CN-\d{4}-\d{6}/ })).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 30_000 });
    const refunded = dataRows(dataList(page, 'Payment activity'), name);
    await expect(refunded.getByText('Refunded', { exact: true }).first()).toBeVisible();
    await checkPage(page);
    const [creditNote] = await Promise.all([
      page.context().waitForEvent('page'),
      refunded.getByRole('link', { name: /^Credit note/ }).click(),
    ]);
    await creditNote.waitForLoadState();
    await expect(creditNote.getByRole('heading', { name: 'Credit note', level: 1 })).toBeVisible();
    await expect(creditNote.getByText(invoiceNumber).first()).toBeVisible();
    await checkPage(creditNote);
    await creditNote.close();
  });
});

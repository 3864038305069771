import { formatDate } from '@portal/contract';
import { newCustomerThroughApi } from './support/accounts';
import { approveThroughApi, createCampaignThroughApi, tokenOf } from './support/campaigns';
import {
  checkPage,
  checkToasts,
  dataList,
  dataRows,
  expect,
  expectWithinReach,
  logIn,
  loginPageUrl,
  test,
} from './support/fixtures';
import { E2E_PORT } from './support/server-env';

const today = new Date();
const todayText = formatDate(today);

test.describe('payments in the sandbox', () => {
  test('a customer sees what is due, saves a card, pays on the checkout page and finds the payment everywhere', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    const customer = await newCustomerThroughApi(request, 'payments', 'Payments-pass-1');
    const name = `Winter boots ${Date.now()}`;
    const campaignId = await createCampaignThroughApi(request, await tokenOf(request, customer), name);
    await approveThroughApi(request, campaignId);

    // /balance: the amount due, with the campaign and its Pay button.
    await logIn(page, customer);
    await expect(page).toHaveURL(/\/dashboard$/);

    // The campaign list offers Pay Now, in sight on a phone as on a desktop.
    await page.goto(`/campaigns?search=${encodeURIComponent(name)}`);
    const unpaid = dataRows(dataList(page, 'Active campaigns'), name);
    await expect(unpaid.getByText(/Pay Now/)).toBeVisible();
    await checkPage(page);
    await expectWithinReach(page, unpaid.getByRole('link', { name: /Pay Now/ }));
    await expectWithinReach(page, unpaid.getByRole('button', { name: `Edit ${name}` }));

    await page.goto('/balance');
    const balance = page.getByRole('region', { name: 'Current Balance' });
    await expect(balance.getByText('$120.00').first()).toBeVisible();
    const due = balance.getByRole('list', { name: 'Campaigns due' });
    await expect(due.getByText(name, { exact: true })).toBeVisible();
    await expect(due.getByText('Lifetime budget')).toBeVisible();
    await expect(page.getByText('No card attached')).toBeVisible();
    await expect(page.getByText('No payments to display')).toBeVisible();
    await checkPage(page);

    // Add payment method: the sandbox's own form, checked before it is sent.
    await page.getByRole('button', { name: 'Add payment method' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add payment method' });
    await expect(dialog.getByLabel('Card number')).toBeVisible();
    await checkPage(page);
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4241');
    await dialog.getByLabel('Expiry date').fill('12/30');
    await dialog.getByLabel('CVC').fill('123');
    await dialog.getByRole('button', { name: 'Save card' }).click();
    await expect(dialog.getByText('Your card number is invalid.')).toBeVisible();
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
    await dialog.getByRole('button', { name: 'Save card' }).click();
    await expect(page.getByText('Payment method setup successfully')).toBeVisible();
    await checkToasts(page);
    await expect(dialog).toBeHidden();
    const cards = dataList(page, 'Payment methods');
    await expect(cards.getByText('•••• 4242')).toBeVisible();
    await expect(cards.getByText('12/30')).toBeVisible();

    // Pay opens the link's checkout page in a new tab.
    const [checkout] = await Promise.all([
      page.context().waitForEvent('page'),
      due.getByRole('link', { name: new RegExp(`Pay.*${name}`) }).click(),
    ]);
    await checkout.waitForLoadState();
    await expect(checkout).toHaveURL(/\/checkout\/[\w-]+$/);
    await expect(checkout.getByText(name).first()).toBeVisible();
    const pay = checkout.getByRole('button', { name: 'Pay $120.00' });
    await expect(pay).toBeVisible();
    await expect(checkout.getByText('Lifetime budget')).toBeVisible();
    await checkPage(checkout);

    // The test number that always declines: a clear message, nothing recorded.
    await checkout.getByRole('radio', { name: 'A new card' }).check();
    await checkout.getByLabel('Card number').fill('4000 0000 0000 0002');
    await checkout.getByLabel('Expiry date').fill('12/30');
    await checkout.getByLabel('CVC').fill('123');
    await pay.click();
    await expect(checkout.getByText('Your card was declined.').first()).toBeVisible();
    await checkPage(checkout);

    // The saved card pays.
    await checkout.getByRole('radio', { name: /•••• 4242/ }).check();
    await pay.click();
    await expect(checkout.getByText('Payment received. Thank you!')).toBeVisible();
    await checkPage(checkout);
    await checkout.close();

    // The campaign list: Paid, and Date paid today.
    await page.goto(`/campaigns?search=${encodeURIComponent(name)}`);
    const row = dataRows(dataList(page, 'Active campaigns'), name);
    await expect(row.getByText('Paid', { exact: true })).toBeVisible();
    await expect(row.getByText(todayText)).toHaveCount(2); // Date created and Date paid
    await checkPage(page);

    // /balance: nothing due, the payment in the activity, and its receipt.
    await page.goto('/balance');
    await expect(page.getByRole('list', { name: 'Campaigns due' })).toHaveCount(0);
    const activity = dataList(page, 'Payment activity');
    await expect(activity.getByText('$120.00')).toBeVisible();
    await expect(activity.getByText(/Visa •••• 4242/)).toBeVisible();
    // The payment names its campaign and says "Paid" (a table's cells, or a phone's card lines).
    const payment = dataRows(activity, name);
    await expect(payment.getByText(name, { exact: true })).toBeVisible();
    await expect(payment.getByText('Paid', { exact: true })).toBeVisible();
    await checkPage(page);
    await expectWithinReach(page, activity.getByRole('link', { name: /Receipt/ }));
    const [receipt] = await Promise.all([
      page.context().waitForEvent('page'),
      activity.getByRole('link', { name: /Receipt/ }).click(),
    ]);
    await receipt.waitForLoadState();
    await expect(receipt).toHaveURL(/\/receipts\/\d+$/);
    await expect(receipt.getByRole('heading', { name: 'Receipt' })).toBeVisible();
    await expect(receipt.getByText(name)).toBeVisible();
    await expect(receipt.getByText('$120.00')).toBeVisible();
    await expect(receipt.getByText(/^R-\d{6,}$/)).toBeVisible();
    await expect(receipt.getByRole('heading', { name: 'Issued by' })).toBeVisible();
    await checkPage(receipt);

    // Its invoice, from the receipt: numbered in this year's series, its PDF a click away.
    const invoiceLink = receipt.getByRole('link', { name: /^Invoice\s*\d{4}-\d{6}/ });
    await expect(invoiceLink).toBeVisible();
    const [invoice] = await Promise.all([receipt.context().waitForEvent('page'), invoiceLink.click()]);
    await invoice.waitForLoadState();
    await expect(invoice).toHaveURL(/\/invoices\/\d+$/);
    await expect(invoice.getByRole('heading', { name: 'Invoice', level: 1 })).toBeVisible();
    await expect(invoice.getByRole('table', { name: 'Invoice lines' })).toContainText(name);
    await expect(invoice.getByRole('table', { name: 'Invoice lines' })).toContainText('Total$120.00');
    const [pdf] = await Promise.all([
      invoice.waitForEvent('download'),
      invoice.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/^invoice-\d{4}-\d{6}\.pdf$/);
    await checkPage(invoice);
    await invoice.close();
    await receipt.close();

    // This month's statement, from /balance: the invoice and its payment.
    const statements = page.getByRole('region', { name: 'Statements' });
    const [statement] = await Promise.all([
      page.context().waitForEvent('page'),
      statements.getByRole('link', { name: /View statement/ }).click(),
    ]);
    await statement.waitForLoadState();
    await expect(statement.getByRole('heading', { name: /^Statement, / })).toBeVisible();
    await expect(statement.getByRole('table', { name: 'Statement lines' })).toContainText(name);
    await checkPage(statement);
    await statement.close();

    // And a notification of it.
    await page.goto('/notifications');
    await expect(page.getByText(`Payment of $120.00 received for your campaign "${name}"`)).toBeVisible();
    await checkPage(page);
  });

  test('a signed-out visitor of a payment link logs in and lands on its checkout, at the address they opened', async ({
    page,
    request,
  }) => {
    const customer = await newCustomerThroughApi(request, 'link', 'Payments-pass-1');
    const name = `Spring sale ${Date.now()}`;
    const token = await tokenOf(request, customer);
    const campaignId = await createCampaignThroughApi(request, token, name);
    await approveThroughApi(request, campaignId);
    const balance = await request.get('/api/customer/balance', { headers: { authorization: `Bearer ${token}` } });
    const link: string = (await balance.json()).data.campaigns_due[0].payment_link_url;
    // A path: it opens on whatever address the portal was reached at, not only PUBLIC_ORIGIN's.
    expect(link).toMatch(/^\/checkout\/[\w-]+$/);

    // Opened by host name while PUBLIC_ORIGIN says 127.0.0.1.
    const opened = `http://localhost:${E2E_PORT}`;
    await page.goto(`${opened}${link}`);
    await expect(page).toHaveURL(loginPageUrl(link));
    await expect(page.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible();
    await checkPage(page);
    await page.getByLabel('Email').fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Log into account' }).click();

    await expect(page).toHaveURL(`${opened}${link}`);
    await expect(page.getByText(name).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay $120.00' })).toBeVisible();
    await checkPage(page);
  });
});

import { API_TOKEN_MESSAGES, API_TOKEN_PREFIX } from '@portal/contract';
import { newCustomerThroughApi } from './support/accounts';
import { checkPage, expect, logIn, test } from './support/fixtures';

test.describe('API tokens', () => {
  test('a customer makes a token on My account, sees it once, uses it from a program and revokes it', async ({
    page,
    request,
  }) => {
    const customer = await newCustomerThroughApi(request, 'apitoken', 'Tokens-pass-1');
    await logIn(page, customer);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/my-account');
    const panel = page.getByRole('region', { name: 'API tokens' });
    await expect(panel.getByText('No tokens yet.')).toBeVisible();
    await checkPage(page);

    await panel.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API token' });
    await dialog.getByRole('textbox', { name: /Name/ }).fill('Reporting script');
    await checkPage(page);
    await dialog.getByRole('button', { name: 'Create token' }).click();

    const shown = page.getByRole('dialog', { name: 'Copy your token' });
    const field = shown.getByRole('textbox', { name: 'Your new token' });
    await expect(field).toHaveValue(new RegExp(`^${API_TOKEN_PREFIX}`));
    const token = await field.inputValue();
    await checkPage(page);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();
    // Once closed, the token is nowhere on the page: only its first characters.
    await expect(page.getByText(token)).toHaveCount(0);
    const row = panel.getByRole('listitem').filter({ hasText: 'Reporting script' });
    await expect(
      row.getByText(`${API_TOKEN_PREFIX}${token.slice(API_TOKEN_PREFIX.length, API_TOKEN_PREFIX.length + 4)}…`),
    ).toBeVisible();
    await expect(row.getByText('Never used')).toBeVisible();

    // A program reads with it, and is refused a write.
    const headers = { authorization: `Bearer ${token}` };
    const read = await request.get('/api/customer/my-active-campaigns', { headers });
    expect(read.status()).toBe(200);
    const write = await request.post('/api/customer/create-campaign-details', { headers, data: {} });
    expect(write.status()).toBe(403);
    await page.reload();
    await expect(row.getByText(/^Last used /)).toBeVisible();

    await row.getByRole('button', { name: 'Revoke Reporting script' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke Reporting script?' })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await expect(panel.getByText('No tokens yet.')).toBeVisible();
    const refused = await request.get('/api/customer/my-active-campaigns', { headers });
    expect(refused.status()).toBe(401);
    expect((await refused.json()).message).toBe(API_TOKEN_MESSAGES.revokedToken);
    await checkPage(page);
  });
});

import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { newCustomerThroughApi } from './support/accounts';
import { checkPage, expect, LOGIN_PAGE_URL, logIn, test } from './support/fixtures';

/**
 * The code the authenticator app shows `stepsAhead` time steps (30 s) from now. The server
 * takes a code one step either side of its time and each step once, so the sign-in after the
 * code that turned two-factor sign-in on uses the next step's, whatever the second it runs at.
 */
const codeOf = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });

async function logOut(page: Page) {
  await page.goto('/my-account');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(LOGIN_PAGE_URL);
}

test.describe('two-factor sign-in', () => {
  test('a customer turns it on, then signs in with the password and a code, and with a recovery code', async ({
    page,
    request,
  }) => {
    const customer = await newCustomerThroughApi(request, 'two-factor', 'Two-factor-pass-1');
    await logIn(page, customer);
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/my-account');
    const panel = page.getByRole('region', { name: 'Two-factor sign-in' });
    await panel.getByRole('button', { name: 'Turn on' }).click();
    const turnOn = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
    await expect(
      turnOn.getByRole('img', { name: 'QR code to add this account to an authenticator app' }),
    ).toBeVisible();
    await checkPage(page);
    // The key as the page shows it, typed into the "app" here: otplib computes its codes.
    const secret = (await turnOn.getByRole('textbox', { name: 'Key' }).inputValue()).replaceAll(' ', '');
    await turnOn.getByRole('textbox', { name: '6-digit code from the app' }).fill(await codeOf(secret));
    await turnOn.getByRole('button', { name: 'Turn on' }).click();

    const saveCodes = page.getByRole('dialog', { name: 'Save your recovery codes' });
    const listed = saveCodes.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(listed).toHaveCount(10);
    const codes = await listed.allTextContents();
    await checkPage(page);
    const download = page.waitForEvent('download');
    await saveCodes.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe('recovery-codes.txt');
    await saveCodes.getByRole('button', { name: 'I have saved them' }).click();
    await expect(saveCodes).toBeHidden();
    await expect(panel.getByText('10 of 10 recovery codes left.')).toBeVisible();
    await checkPage(page);

    // The password alone now leads to the second step.
    await logOut(page);
    await logIn(page, customer);
    await expect(page.getByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: '6-digit code' })).toBeFocused();
    await checkPage(page);
    await page.getByRole('textbox', { name: '6-digit code' }).fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('The code is incorrect')).toBeVisible();
    await checkPage(page);
    await page.getByRole('textbox', { name: '6-digit code' }).fill(await codeOf(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Without the phone: a recovery code, once.
    await logOut(page);
    await logIn(page, customer);
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    const recovery = page.getByRole('textbox', { name: /^Recovery code/ });
    await expect(recovery).toBeFocused();
    await recovery.fill(codes[0]!);
    await checkPage(page);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/my-account');
    await expect(panel.getByText('9 of 10 recovery codes left.')).toBeVisible();
  });

  test('five wrong codes send the login back to the password, with the message', async ({ page, request }) => {
    const customer = await newCustomerThroughApi(request, 'two-factor-wrong', 'Two-factor-pass-1');
    await logIn(page, customer);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/my-account');
    await page.getByRole('button', { name: 'Turn on' }).click();
    const turnOn = page.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
    const secret = (await turnOn.getByRole('textbox', { name: 'Key' }).inputValue()).replaceAll(' ', '');
    await turnOn.getByRole('textbox', { name: '6-digit code from the app' }).fill(await codeOf(secret));
    await turnOn.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await logOut(page);

    await logIn(page, customer);
    const field = page.getByRole('textbox', { name: '6-digit code' });
    // A code far from now, which no clock drift makes right.
    const wrong = await generate({ secret, epoch: Math.floor(Date.now() / 1000) - 3600 });
    for (let attempt = 1; attempt < 5; attempt++) {
      await field.fill(wrong);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByText('The code is incorrect')).toBeVisible();
    }
    await field.fill(wrong);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back!' })).toBeVisible();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Too many wrong codes. Enter your password again.' }),
    ).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await checkPage(page);
    await expect(page.getByLabel('Email')).toHaveValue(customer.email);
    // Nothing toasted for it: the message stands above the form.
    await expect(page.locator('.mantine-Notifications-root [role="alert"]')).toHaveCount(0);
  });
});

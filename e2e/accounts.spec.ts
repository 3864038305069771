import { freshEmail, newCustomerThroughApi, signUpThroughApi } from './support/accounts';
import { checkPage, checkToasts, contrastOf, expect, LOGIN_PAGE_URL, logIn, test } from './support/fixtures';
import { latestCode, latestMail, latestResetLink } from './support/mailbox';

// A 1×1 PNG, uploaded as the profile photo.
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('sign-up', () => {
  test('a new customer signs up through every step and sees the welcome once', async ({ page, request }) => {
    const email = freshEmail('signup');
    const password = 'Sunny-Day-42';

    await page.goto('/');
    await page.getByRole('link', { name: 'Create new account' }).last().click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('heading', { name: 'Create new account' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await checkPage(page);
    await page.getByRole('button', { name: 'Create account' }).click();

    const codeDialog = page.getByRole('dialog', { name: 'Activate account' });
    await expect(codeDialog).toBeVisible();
    await checkPage(page);
    const code = await latestCode(request, email, 'Your activation code');
    for (const [index, digit] of [...code].entries()) {
      await codeDialog.getByLabel(`Digit ${index + 1} of 6`).fill(digit);
    }

    await expect(page.getByRole('heading', { name: 'Personal info' })).toBeVisible();
    await page.getByLabel('First name').fill('Robin');
    await page.getByLabel('Last name').fill('Reader');
    await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PHOTO });
    await checkPage(page);
    await page.getByRole('button', { name: 'Save and continue' }).click();

    await expect(page.getByRole('heading', { name: 'Billing details' })).toBeVisible();
    await expect(page.getByText("Let's complete your account for a smoother experience")).toBeVisible();
    await page.getByLabel('Business name').fill('Reader Media');
    await page.getByLabel('Tax ID').fill('US-123456');
    await page.getByLabel('Address').fill('1 Main Street');
    await page.getByLabel('City').fill('Springfield');
    await page.getByLabel('State').fill('Illinois');
    await page.getByLabel('Postal code').fill('62701');
    await checkPage(page);
    await page.getByRole('button', { name: 'Complete sign-up' }).click();

    await expect(page.getByRole('heading', { name: 'Your Account is ready!' })).toBeVisible();
    await checkPage(page);
    await checkToasts(page);
    await page.getByRole('link', { name: 'Go to dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    const welcome = page.getByRole('dialog', { name: /^Welcome to / });
    await expect(welcome).toBeVisible();
    await checkPage(page);
    await welcome.getByRole('button', { name: 'Get started' }).click();
    await expect(welcome).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog', { name: /^Welcome to / })).toHaveCount(0);
  });

  test('an unfinished sign-up resumes from the login page at the code step', async ({ page, request }) => {
    const email = freshEmail('resume');
    const password = 'Sunny-Day-42';
    expect(
      (await request.post('/api/register', { data: { email, password, password_confirmation: password } })).status(),
    ).toBe(200);

    await logIn(page, { email, password });
    await expect(page.getByText('Some Information is Missing')).toBeVisible();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('dialog', { name: 'Activate account' })).toBeVisible();
  });

  test('a reload in the middle of sign-up resumes at the step the user was on', async ({ page, request }) => {
    const email = freshEmail('reload');
    await page.goto('/signup');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Sunny-Day-42');
    await page.getByRole('button', { name: 'Create account' }).click();
    const codeDialog = page.getByRole('dialog', { name: 'Activate account' });
    await expect(codeDialog).toBeVisible();

    // Before the code: the reload opens the code dialog again, ready for typing.
    await page.reload();
    await expect(codeDialog).toBeVisible();
    await expect(codeDialog.getByLabel('Digit 1 of 6')).toBeFocused();
    await page.keyboard.type(await latestCode(request, email, 'Your activation code'));
    await expect(page.getByRole('heading', { name: 'Personal info' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Personal info' })).toBeVisible();
    await page.getByLabel('First name').fill('Robin');
    await page.getByLabel('Last name').fill('Reader');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page.getByRole('heading', { name: 'Billing details' })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Billing details' })).toBeVisible();
    await checkPage(page);
  });
});

test.describe('password recovery', () => {
  test('forgot password e-mails a link that sets a new password once', async ({ page, request }) => {
    const email = freshEmail('forgot');
    await signUpThroughApi(request, email, 'Sunny-Day-42');

    await page.goto('/');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forgot password?' });
    await expect(dialog.getByRole('button', { name: 'Send reset link' })).toBeDisabled();
    await dialog.getByLabel('Email').fill(email);
    await checkPage(page);
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await expect(dialog).toBeHidden();

    const link = await latestResetLink(request, email);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('Moonlit-Night-7');
    await page.getByLabel('Confirm password', { exact: true }).fill('Moonlit-Night-8');
    await expect(page.getByText('Mismatch')).toBeVisible();
    await page.getByLabel('Confirm password', { exact: true }).fill('Moonlit-Night-7');
    await expect(page.getByText('Match!')).toBeVisible();
    await checkPage(page);
    await page.getByRole('button', { name: 'Update password' }).click();

    await expect(page.getByRole('heading', { name: 'Password updated!' })).toBeVisible();
    await expect(page.getByText("You'll have to login using your new password")).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible({ timeout: 15_000 });

    await logIn(page, { email, password: 'Moonlit-Night-7' });
    await expect(page).toHaveURL(/\/dashboard$/);

    // The link worked once.
    await page.goto(link);
    await expect(page.getByText('This link cannot be used')).toBeVisible();
  });
});

test.describe('My account', () => {
  test('changing the e-mail and then the password ends at the login page', async ({ page, request }) => {
    const email = freshEmail('settings');
    const newEmail = freshEmail('settings-new');
    await signUpThroughApi(request, email, 'Sunny-Day-42');
    await logIn(page, { email, password: 'Sunny-Day-42' });
    await expect(page).toHaveURL(/\/dashboard$/);
    // Finishing sign-up was the first login, so no welcome this time.
    await expect(page.getByRole('dialog', { name: /^Welcome to / })).toHaveCount(0);

    await page.goto('/my-account');
    await expect(page.getByLabel('First name')).toHaveValue('Robin');
    await checkPage(page);
    // axe leaves disabled fields out of its contrast rule; this one shows the address, so it is measured here.
    for (const theme of ['light', 'dark'] as const) {
      expect(await contrastOf(page, page.getByRole('textbox', { name: 'Email' }), theme)).toBeGreaterThanOrEqual(4.5);
    }

    await page.getByRole('button', { name: 'Change email' }).click();
    const changeEmail = page.getByRole('dialog', { name: 'Change email' });
    await changeEmail.getByLabel('New email').fill(newEmail);
    await checkPage(page);
    await changeEmail.getByRole('button', { name: 'Send verification code' }).click();
    const verify = page.getByRole('dialog', { name: 'Verify your new email' });
    await expect(verify).toBeVisible();
    const code = await latestCode(request, newEmail, 'Confirm your new e-mail address');
    for (const [index, digit] of [...code].entries()) await verify.getByLabel(`Digit ${index + 1} of 6`).fill(digit);
    await expect(page.getByRole('heading', { name: 'Email updated!' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Email changed' })).toBeHidden({ timeout: 15_000 });

    await page.getByRole('button', { name: 'Change password' }).click();
    const changePassword = page.getByRole('dialog', { name: 'Change password' });
    await changePassword.getByLabel('Current password', { exact: true }).fill('Sunny-Day-42');
    await changePassword.getByLabel('New password', { exact: true }).fill('Quiet-River-5');
    await changePassword.getByLabel('Confirm password', { exact: true }).fill('Quiet-River-5');
    await checkPage(page);
    await changePassword.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByRole('heading', { name: 'Password updated!' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(LOGIN_PAGE_URL);

    await logIn(page, { email: newEmail, password: 'Quiet-River-5' });
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('the menu', () => {
  test('shows the whole unread count, "99+" above 99, at full size in the collapsed sidebar and the drawer', async ({
    page,
    request,
  }, testInfo) => {
    const email = freshEmail('unread');
    await signUpThroughApi(request, email, 'Sunny-Day-42');
    // The count the server answers is changed on its way, rather than made by 120 reviews.
    let unread = 14;
    await page.route(/\/api\/my-notifications\?page=1&per_page=1$/, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), unread_count: unread } });
    });
    await logIn(page, { email, password: 'Sunny-Day-42' });
    await expect(page).toHaveURL(/\/dashboard$/);

    const phone = testInfo.project.name === 'phone';
    for (const [count, shown] of [
      [14, '14'],
      [120, '99+'],
    ] as const) {
      unread = count;
      await page.reload();
      if (phone) await page.getByRole('button', { name: 'Toggle menu' }).click();
      // On a desktop the pointer stays off the sidebar, which is then 90 px wide.
      const menu = phone
        ? page.getByRole('dialog', { name: 'Main menu' })
        : page.locator('nav[aria-label="Main menu"]').first();
      const badge = menu.getByRole('link', { name: /^Notifications/ }).locator('.mantine-Badge-root');
      await expect(badge).toHaveText(`${shown} unread`);
      await checkPage(page);
      // Nothing of the number is cut: neither inside the badge nor by the edge of the sidebar.
      const fit = await badge.evaluate((node) => {
        const label = node.querySelector('.mantine-Badge-label')!;
        const box = node.getBoundingClientRect();
        const area = node.closest('nav, [role="dialog"]')!.getBoundingClientRect();
        return {
          labelCut: label.scrollWidth > label.clientWidth,
          badgeCut: node.scrollWidth > node.clientWidth,
          insideMenu: box.left >= area.left && box.right <= area.right,
        };
      });
      expect(fit).toEqual({ labelCut: false, badgeCut: false, insideMenu: true });
      await menu.screenshot({ path: testInfo.outputPath(`unread-${count}.png`) });
    }
  });
});

test.describe('sessions', () => {
  const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:126.0) Gecko/20100101 Firefox/126.0';

  test('a customer sees each signed-in device on My account and signs another out, which ends it at once', async ({
    browser,
    page,
    request,
  }) => {
    const customer = await newCustomerThroughApi(request, 'sessions', 'Sessions-pass-1');
    // The other device: another browser, still on its dashboard when it is signed out.
    const elsewhere = await (await browser.newContext({ userAgent: FIREFOX_ON_LINUX })).newPage();
    await logIn(elsewhere, customer);
    await expect(elsewhere).toHaveURL(/\/dashboard$/);
    // Sign-up was the first session, from the test's own client: this browser is a new device.
    const notice = await latestMail(request, customer.email, 'New sign-in to your account');
    expect(notice.text).toContain('Firefox 126 on Linux');

    await logIn(page, customer);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/my-account');
    const devices = page.getByRole('list', { name: 'Signed-in devices' });
    await expect(devices.getByRole('listitem')).toHaveCount(3);
    await expect(devices.getByRole('listitem').first()).toContainText('This device');
    await checkPage(page);

    await devices.getByRole('button', { name: /^Sign out Firefox 126 on Linux/ }).click();
    await expect(page.getByText('The session has been signed out: Firefox 126 on Linux.')).toBeVisible();
    await checkToasts(page);
    await expect(devices.getByRole('listitem')).toHaveCount(2);
    // The other browser is sent to the login page without doing anything: its stream ended.
    await expect(elsewhere).toHaveURL(LOGIN_PAGE_URL, { timeout: 15_000 });

    await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await expect(page.getByText('One other session has been signed out.')).toBeVisible();
    await expect(devices.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Sign out all other sessions' })).toBeHidden();
    await checkPage(page);
  });
});

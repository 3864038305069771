import { checkPage, checkToasts, expect, logIn, loginPageUrl, test } from './support/fixtures';
import { ADMIN, CUSTOMER } from './support/server-env';

test.describe('login page', () => {
  test('shows the documented texts and passes the page checks', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Login/);
    await expect(page.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible();
    await expect(page.getByText('Hope you have a wonderful day!')).toBeVisible();
    await expect(page.getByLabel('Remember me')).toBeVisible();
    await expect(
      page
        .getByRole('button', { name: 'Create new account' })
        .or(page.getByRole('link', { name: 'Create new account' }))
        .first(),
    ).toBeVisible();
    await checkPage(page);
  });

  test('loads at most 200 KiB of compressed JavaScript', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter(
          (entry) => (entry as PerformanceResourceTiming).initiatorType === 'script' || entry.name.endsWith('.js'),
        )
        .map((entry) => ({ name: entry.name, bytes: (entry as PerformanceResourceTiming).encodedBodySize })),
    );
    const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
    console.log(`login page JavaScript: ${scripts.length} files, ${(total / 1024).toFixed(1)} KiB transferred`);
    expect(scripts.length).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(200 * 1024);
  });

  test('shows the validation messages', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Log into account' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByRole('button', { name: 'Log into account' }).click();
    await expect(page.getByText('Invalid email format')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await checkPage(page);
  });

  test('says so when the credentials are wrong', async ({ page }) => {
    await logIn(page, { email: CUSTOMER.email, password: 'Wrong-password1' });
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await checkToasts(page);
  });
});

test.describe('signing in and out', () => {
  test('an administrator lands on the admin dashboard and cannot open customer pages', async ({ page }) => {
    await logIn(page, ADMIN);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('navigation', { name: 'Main menu' }).first()).toBeAttached();
    await checkPage(page);

    // The customer guard sends an administrator away; `/` then sends them home.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.goto('/signup');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    for (const path of ['/admin/campaigns', '/admin/analytics', '/admin/users', '/admin/my-account']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await checkPage(page);
    }
  });

  test('a customer lands on the dashboard, sees the beta banner and cannot open admin pages', async ({ page }) => {
    await logIn(page, CUSTOMER);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText(/beta version/i)).toBeVisible();
    await checkPage(page);

    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page).not.toHaveURL(/admin/);

    for (const path of ['/campaigns', '/analytics', '/balance', '/notifications', '/my-account']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await checkPage(page);
    }
  });

  test('log out on My account ends the session and returns to the login page', async ({ page }) => {
    await logIn(page, CUSTOMER);
    await expect(page).toHaveURL(/\/dashboard$/);
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    expect(token).toBeTruthy();
    // On the customer's first login of the run (this test alone) the welcome would cover the
    // page; accounts.spec.ts covers it, so here it counts as seen.
    await page.evaluate(() => localStorage.setItem(`welcomeVideoShown:${localStorage.getItem('user_id')}`, 'true'));

    await page.goto('/my-account');
    await expect(page.getByRole('region', { name: 'Current session' }).getByText('127.0.0.1')).toBeVisible();
    await page.getByRole('button', { name: 'Log out' }).click();
    // The user chose to leave: the plain login page, with no way back to My account.
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible();

    // The old token is dead on the server, not just forgotten by the browser.
    const status = await page.evaluate(async (oldToken) => {
      const response = await fetch('/api/customer/current-session', {
        headers: { authorization: `Bearer ${oldToken}` },
      });
      return response.status;
    }, token);
    expect(status).toBe(401);

    await page.goto('/dashboard');
    await expect(page).toHaveURL(loginPageUrl('/dashboard'));
  });

  test('a session revoked elsewhere signs the browser out on its next request', async ({ page }) => {
    await logIn(page, CUSTOMER);
    await expect(page).toHaveURL(/\/dashboard$/);
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    // The tab leaves the portal first: an open dashboard would notice the revocation by itself
    // (its notifications refresh), before the visit below.
    await page.goto('about:blank');
    const revoked = await page.request.post('/api/logout', { headers: { authorization: `Bearer ${token}` } });
    expect(revoked.status()).toBe(200);
    await page.goto('/my-account');
    await expect(page).toHaveURL(loginPageUrl('/my-account'));
    await expect(page.getByText('Your session has ended. Please log in again.')).toBeVisible();
    await checkPage(page);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Log into account' })).toBeVisible();
    await expect(page.getByText('Your session has ended. Please log in again.')).toHaveCount(0);
  });
});

test.describe('the shell', () => {
  for (const width of [320, 390, 1280]) {
    test(`the public pages' header keeps to one row at ${width} px, with a theme toggle`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ['/', '/signup', '/password-setup/some-old-link']) {
        await page.goto(path);
        const header = page.getByRole('banner');
        await expect(header.getByRole('button', { name: 'Toggle colour theme' })).toBeVisible();
        // One row: the logo, the stepper and the buttons share one band (their centres within 16 px).
        const centres = await header.evaluate((element) =>
          Array.from(element.children)
            .map((child) => child.getBoundingClientRect())
            .filter((box) => box.width > 0)
            .map((box) => box.top + box.height / 2),
        );
        expect(Math.max(...centres) - Math.min(...centres), `${path} at ${width} px`).toBeLessThan(16);
        expect((await header.boundingBox())!.height, `${path} at ${width} px`).toBeLessThanOrEqual(72);
        await checkPage(page);
      }
    });
  }

  test('signed-out visitors are sent to the login page', async ({ page }) => {
    for (const path of ['/dashboard', '/admin/dashboard', '/my-account']) {
      await page.goto(path);
      await expect(page).toHaveURL(loginPageUrl(path));
    }
  });

  test('the 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('ERROR')).toBeVisible();
    await expect(page.getByText("We can't seem to find the page you are looking for!")).toBeVisible();
    await checkPage(page);
    await page.getByRole('link', { name: 'Back to Home Page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the theme choice survives a reload', async ({ page }) => {
    await logIn(page, CUSTOMER);
    await expect(page).toHaveURL(/\/dashboard$/);
    const scheme = () => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
    const before = await scheme();
    await page.getByRole('button', { name: 'Toggle colour theme' }).click();
    await expect.poll(scheme).not.toBe(before);
    const after = await scheme();
    await page.reload();
    await expect.poll(scheme).toBe(after);
  });

  test('the menu opens from the toggle and leads to a page with its title', async ({ page }) => {
    await logIn(page, CUSTOMER);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    // Checked while the menu is open: on a phone the drawer closes once a page is picked.
    await expect(page.getByRole('link', { name: /Training Academy/ }).last()).toHaveAttribute('target', '_blank');
    await checkPage(page);
    await page.getByRole('link', { name: 'My account' }).last().click();
    await expect(page).toHaveURL(/\/my-account$/);
    // The new page's title takes the focus (read out by a screen reader), with no ring: no
    // control has it.
    const title = page.getByRole('heading', { name: 'My account', level: 1 });
    await expect(title).toBeFocused();
    await expect(title).toHaveCSS('outline-style', 'none');
    // A tab on the same page (only the query string changes) leaves the focus on the control used.
    await page.goto('/campaigns');
    await expect(page.locator(':focus')).toHaveCount(0);
    await page.getByRole('tab', { name: 'Pending' }).click();
    await expect(page).toHaveURL(/tab=pending/);
    await expect(page.getByRole('tab', { name: 'Pending' })).toBeFocused();
  });
});

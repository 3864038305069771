import type { Browser, Page } from '@playwright/test';
import { freshEmail, newCustomerThroughApi } from './support/accounts';
import { createCampaignThroughApi, tokenOf } from './support/campaigns';
import { checkPage, checkToasts, expect, logIn, test } from './support/fixtures';
import { latestMail } from './support/mailbox';

/** The path of the invitation link e-mailed to `email`. */
async function invitationPath(request: Parameters<typeof latestMail>[0], email: string): Promise<string> {
  const message = await latestMail(request, email, 'Robin Reader invited you');
  return new URL(message.text.match(/https?:\/\/\S+\/invitations\/[\w-]+/)![0]).pathname;
}

/** A new person opens their invitation in a browser of their own and makes an account from it. */
async function joinFromInvitation(browser: Browser, path: string, name: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'You are invited' })).toBeVisible();
  await checkPage(page);
  await page.getByLabel('First name').fill(name);
  await page.getByLabel('Last name').fill('Member');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account and join' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

test.describe('teams', () => {
  test('an owner invites a manager and a viewer; the viewer sees the manager’s campaign but cannot change it; the owner removes the manager, whose open page loses the account', async ({
    browser,
    page,
    request,
  }) => {
    const owner = await newCustomerThroughApi(request, 'owner', 'Owner-pass-42');
    const managerEmail = freshEmail('manager');
    const viewerEmail = freshEmail('viewer');
    const password = 'Member-pass-42';

    await logIn(page, owner);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/team');
    await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
    for (const [email, role] of [
      [managerEmail, 'Manager'],
      [viewerEmail, 'Viewer'],
    ] as const) {
      await page.getByLabel('E-mail').fill(email);
      await page.getByRole('combobox', { name: 'Role', exact: true }).click();
      await page.getByRole('option', { name: role, exact: true }).click();
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await expect(page.getByRole('list', { name: 'Pending invitations' })).toContainText(email);
    }
    // The toasts first: on a busy machine they close while the page's own checks run.
    await checkToasts(page);
    await checkPage(page);

    const manager = await joinFromInvitation(browser, await invitationPath(request, managerEmail), 'Max', password);
    // The manager makes a campaign (through the wizard's calls, which the campaigns tests drive by hand).
    await createCampaignThroughApi(request, await tokenOf(request, { email: managerEmail, password }), 'Team launch');

    const viewer = await joinFromInvitation(browser, await invitationPath(request, viewerEmail), 'Vic', password);
    const menu = viewer.getByRole('navigation', { name: 'Main menu' }).first();
    await expect(menu.getByRole('link', { name: 'Balance' })).toHaveCount(0);
    await viewer.goto('/campaigns?tab=pending');
    await expect(viewer.getByText('Team launch')).toBeVisible();
    await expect(viewer.getByRole('link', { name: 'New campaign' })).toHaveCount(0);
    await expect(viewer.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    await checkPage(viewer);
    await viewer.goto('/balance');
    await expect(viewer.getByRole('alert')).toContainText(
      'Your role in this advertiser account does not allow billing and payments.',
    );
    await checkPage(viewer);

    // The owner sees both members and removes the manager.
    await page.reload();
    const members = page.getByRole('list', { name: 'Members' });
    await expect(members).toContainText('Max Member');
    await expect(members).toContainText('Vic Member');
    await members.getByRole('button', { name: 'Remove Max Member' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(members).not.toContainText('Max Member');
    await expect(page.getByText('Robin Reader removed a member (manager)')).toBeVisible();

    // The manager's open page has lost the account: the next page says so.
    await manager.goto('/campaigns');
    await expect(manager.getByRole('alert')).toContainText('You are not a member of any advertiser account.');
    await checkPage(manager);
  });
});

import { REPORT_SCHEDULE_MESSAGES } from '@portal/contract';
import { newCustomerThroughApi } from './support/accounts';
import { checkPage, expect, logIn, test } from './support/fixtures';

test.describe('scheduled reports', () => {
  test('a customer adds a weekly report on My account, makes it monthly and deletes it', async ({ page, request }) => {
    const customer = await newCustomerThroughApi(request, 'schedule', 'Reports-pass-1');
    await logIn(page, customer);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/my-account');
    const panel = page.getByRole('region', { name: 'Scheduled reports' });
    await expect(panel.getByText('No scheduled reports yet.')).toBeVisible();

    await panel.getByRole('button', { name: 'Add report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a scheduled report' });
    await checkPage(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(REPORT_SCHEDULE_MESSAGES.created)).toBeVisible();
    const row = panel.getByRole('listitem');
    await expect(row).toContainText('Weekly · All campaigns');
    await checkPage(page);

    await row.getByRole('button', { name: 'Edit Weekly report, all campaigns' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit scheduled report' });
    await edit.getByRole('radio', { name: /Monthly/ }).check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(row).toContainText('Monthly · All campaigns');

    await row.getByRole('button', { name: 'Delete Monthly report, all campaigns' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this scheduled report?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect(panel.getByText('No scheduled reports yet.')).toBeVisible();
  });
});

import { randomBytes } from 'node:crypto';
import { paymentLinks, payments, type PaymentRow, type users } from '../src/db/schema';
import { insertCampaigns } from './campaigns';
import type { TestApp } from './test-app';

/**
 * Payments written straight to the database, each for a campaign of its own with its paid link,
 * for tests about what is read from payments (lists, exports, refunds) rather than how they are
 * paid. Each row's fields override the defaults: $100.00 in the sandbox with a Visa •••• 4242,
 * paid at the clock's time, billed to the user.
 */
export async function insertPayments(
  testApp: TestApp,
  user: typeof users.$inferSelect,
  rows: Partial<typeof payments.$inferInsert>[],
): Promise<PaymentRow[]> {
  const advertiserId = await testApp.advertiserOf(user.id);
  const now = testApp.clock.now();
  const campaignIds = await insertCampaigns(
    testApp,
    user.id,
    rows.map((row, index) => ({ name: row.campaignName ?? `Campaign ${index + 1}` })),
  );
  const links = await testApp.database.db
    .insert(paymentLinks)
    .values(
      campaignIds.map((campaignId, index) => ({
        advertiserId,
        campaignId,
        token: randomBytes(16).toString('hex'),
        amountCents: rows[index]!.amountCents ?? 10_000,
        status: 'paid' as const,
        createdAt: now,
        closedAt: now,
      })),
    )
    .returning();
  return testApp.database.db
    .insert(payments)
    .values(
      rows.map((row, index) => ({
        advertiserId,
        campaignId: campaignIds[index]!,
        linkId: links[index]!.id,
        provider: 'sandbox' as const,
        transactionId: `pi_sbx_${randomBytes(12).toString('hex')}`,
        status: 'succeeded',
        amountCents: 10_000,
        cardBrand: 'visa',
        cardLast4: '4242',
        campaignName: `Campaign ${index + 1}`,
        billing: {
          account_type: 'individual',
          name: `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim(),
          email: user.email,
          company_name: null,
          address: null,
          country: null,
          currency: null,
          tax_id: null,
        },
        paidAt: now,
        ...row,
      })),
    )
    .returning();
}

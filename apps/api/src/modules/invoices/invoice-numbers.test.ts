import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq, inArray } from 'drizzle-orm';
import { ROLE } from '@portal/contract';
import type { Database } from '../../db/database';
import { domainEvents, invoices, invoiceSequences } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { approvedCampaigns, payCampaign } from '../../../test/invoices';
import { AdvertiserRepository } from '../advertisers/advertiser.repository';
import { CampaignRepository } from '../campaigns/campaign.repository';
import { PaymentRepository } from '../payments/payment.repository';
import { issueInvoice } from './invoice-issuing';
import { InvoiceRepository } from './invoice.repository';

const PARALLEL = 20;

/**
 * Gap-free numbering (docs/decisions/029-invoice-numbering-and-tax.md). Meaningful on PostgreSQL,
 * where the payments, the dispatchers and the transactions below really run at once and queue on
 * the series' row; on PGlite they take turns, and the numbers must come out the same.
 */
describe('invoice numbers', () => {
  let t: TestApp, adminId: number;

  beforeAll(async () => {
    t = await createTestApp();
    adminId = (await t.createUser({ roleId: ROLE.admin })).id;
  });
  afterAll(() => t.close());
  beforeEach(() => t.clock.set('2026-11-20T10:00:00.000Z'));

  const repositoriesOf = (db: Database) => ({
    invoices: new InvoiceRepository(db),
    payments: new PaymentRepository(db),
    campaigns: new CampaignRepository(db),
    advertisers: new AdvertiserRepository(db),
  });
  const settings = () => ({ seller: t.config.seller, tax: t.config.tax });

  const sequencesOf = async (paymentIds: number[]) =>
    (
      await t.database.db
        .select({ sequence: invoices.sequence })
        .from(invoices)
        .where(inArray(invoices.paymentId, paymentIds))
        .orderBy(asc(invoices.sequence))
    ).map((row) => row.sequence);
  const lastNumber = async () =>
    (await t.database.db.select().from(invoiceSequences).where(eq(invoiceSequences.series, 'invoice')))[0]
      ?.lastNumber ?? 0;

  /** Payments of campaigns of their own, made at once; their events wait unless `dispatch`. */
  async function paidAtOnce(count: number, { dispatch }: { dispatch: boolean }): Promise<number[]> {
    const user = await t.createUser({ withBilling: true });
    const token = await t.login(user.email);
    const ids = await approvedCampaigns(
      t,
      { adminId, userId: user.id },
      Array.from({ length: count }, () => ({ budgetType: 'lifetime' as const })),
    );
    return Promise.all(ids.map((id) => payCampaign(t, token, id, { dispatch })));
  }

  it(`numbers the invoices of ${PARALLEL} payments made at once and handled by several dispatchers without a gap`, async () => {
    const paymentIds = await paidAtOnce(PARALLEL, { dispatch: false });
    // Four dispatch rounds at once, as four worker processes would run them: each claims its own events.
    await Promise.all(Array.from({ length: 4 }, () => t.app.events.dispatchPending()));
    await t.app.events.dispatchPending();

    expect(await sequencesOf(paymentIds)).toEqual(Array.from({ length: PARALLEL }, (_, index) => index + 1));
    const numbers = await t.database.db
      .select({ number: invoices.number })
      .from(invoices)
      .where(inArray(invoices.paymentId, paymentIds));
    expect(new Set(numbers.map((row) => row.number)).size).toBe(PARALLEL);
    expect(await lastNumber()).toBe(PARALLEL);
  }, 120_000);

  it('gives back the number of a transaction that rolls back, also among others issuing at once', async () => {
    const paymentIds = await paidAtOnce(PARALLEL, { dispatch: false });
    // Handled already, as if their invoices were to be issued by hand: nothing else issues them.
    await t.database.db
      .update(domainEvents)
      .set({ processedAt: t.clock.now() })
      .where(eq(domainEvents.type, 'campaign.paid'));
    const start = await lastNumber();

    // Every other transaction fails after taking its number and inserting its invoice.
    const outcomes = await Promise.allSettled(
      paymentIds.map((paymentId, index) =>
        t.database.db.transaction(async (tx) => {
          const invoice = await issueInvoice(repositoriesOf(tx), paymentId, settings());
          if (index % 2 === 1) throw new Error(`rolled back after taking ${invoice!.number}`);
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toHaveLength(PARALLEL / 2);
    const issued = paymentIds.filter((_, index) => index % 2 === 0);
    expect(await sequencesOf(issued)).toEqual(Array.from({ length: PARALLEL / 2 }, (_, index) => start + index + 1));
    expect(await lastNumber()).toBe(start + PARALLEL / 2);

    // The others, issued now, take the next numbers: none was lost.
    const rest = paymentIds.filter((_, index) => index % 2 === 1);
    for (const paymentId of rest)
      await t.database.db.transaction((tx) => issueInvoice(repositoriesOf(tx), paymentId, settings()));
    expect(await sequencesOf(paymentIds)).toEqual(Array.from({ length: PARALLEL }, (_, index) => start + index + 1));

    // Issuing again answers the invoice there is, and takes no number.
    const [issuedFirst] = await t.database.db.select().from(invoices).where(eq(invoices.paymentId, paymentIds[0]!));
    const again = await t.database.db.transaction((tx) => issueInvoice(repositoriesOf(tx), paymentIds[0]!, settings()));
    expect(again).toEqual(issuedFirst);
    expect(await lastNumber()).toBe(start + PARALLEL);
  }, 120_000);
});

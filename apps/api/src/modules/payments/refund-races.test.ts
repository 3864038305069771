import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { REFUND_MESSAGES, ROLE } from '@portal/contract';
import { domainEvents, paymentRefunds, payments } from '../../db/schema';
import { insertPayments } from '../../../test/payment-rows';
import { bearer, createTestApp, errorBody, type TestApp } from '../../../test/test-app';

const REFUNDS = 20;

/**
 * Refunds asked at the same moment never give back more than was paid (decision 030): each
 * holds its amount under the payment's lock, and the database refuses sums past the amount.
 * Meaningful on PostgreSQL, where the requests really run at once; on PGlite they take turns.
 */
describe('refunds asked at once', () => {
  let t: TestApp, adminToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    adminToken = await t.login((await t.createUser({ roleId: ROLE.admin })).email);
  });
  afterAll(() => t.close());

  it(`never refund more than the payment, whichever of ${REFUNDS} parallel refunds win`, async () => {
    // $150.00, and 20 refunds of $10.00: together $200.00, so 15 can be made and 5 cannot.
    const [payment] = await insertPayments(t, await t.createUser(), [{ amountCents: 15_000 }]);
    const answers = await Promise.all(
      Array.from({ length: REFUNDS }, (_, index) =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/payments/${payment!.id}/refunds`,
          headers: bearer(adminToken),
          payload: { amount: 10, reason: `Refund ${index + 1}` },
        }),
      ),
    );
    const made = answers.filter((answer) => answer.statusCode === 200);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(made).toHaveLength(15);
    for (const answer of refused) {
      expect(answer.statusCode, answer.body).toBe(422);
      expect(errorBody(answer).errors?.amount?.[0]).toMatch(
        new RegExp(
          `^(${REFUND_MESSAGES.nothingLeft}|The amount cannot be more than the \\$\\d+\\.\\d{2} left to refund)$`,
        ),
      );
    }

    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, payment!.id));
    const refunds = await t.database.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment!.id));
    // The sums on the payment are the sums of its refunds.
    expect(row).toMatchObject({ refundedCents: 15_000, refundPendingCents: 0 });
    expect(refunds.every((refund) => refund.status === 'succeeded')).toBe(true);
    expect(refunds.reduce((sum, refund) => sum + refund.amountCents, 0)).toBe(15_000);
    const events = await t.database.db.select().from(domainEvents).where(eq(domainEvents.type, 'payment.refunded'));
    expect(events.filter((event) => event.payload.paymentId === payment!.id)).toHaveLength(15);
  }, 60_000);

  it('is refused by the database too: no sum of refunds past the amount paid', async () => {
    const [payment] = await insertPayments(t, await t.createUser(), [{ amountCents: 1_000 }]);
    const hold = (cents: number) =>
      t.database.db
        .update(payments)
        .set({ refundPendingCents: sql`${payments.refundPendingCents} + ${cents}` })
        .where(eq(payments.id, payment!.id));
    await hold(600);
    await expect(hold(401)).rejects.toThrow();
    await expect(
      t.database.db.update(payments).set({ refundedCents: -1 }).where(eq(payments.id, payment!.id)),
    ).rejects.toThrow();
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, payment!.id));
    expect(row).toMatchObject({ refundedCents: 0, refundPendingCents: 600 });
  });
});

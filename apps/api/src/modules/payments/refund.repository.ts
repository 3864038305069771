import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { paymentRefunds, type PaymentRefundRow } from '../../db/schema';

/** How a refund ended: made by the provider (with its id), or refused (with its words). */
export type RefundOutcome = { status: 'succeeded'; providerRefundId: string } | { status: 'failed'; failure: string };

/**
 * The `payment_refunds` table (docs/product/payments.md, Refunds; decision 030): each refund
 * asked of a payment, pending until the provider answers.
 */
export class RefundRepository {
  constructor(private readonly db: Database) {}

  /** A refund asked for, pending: written under its payment's lock, before the provider is asked. */
  async insertPending(
    refund: { paymentId: number; amountCents: number; reason: string; createdBy: number },
    at: Date,
  ): Promise<PaymentRefundRow> {
    const [row] = await this.db
      .insert(paymentRefunds)
      .values({ ...refund, status: 'pending', createdAt: at })
      .returning();
    return row!;
  }

  /**
   * Settles a pending refund; undefined when it is not pending any more (the request and the job
   * that settles lost answers both asked the provider, and the other one recorded its answer).
   */
  async settle(id: number, outcome: RefundOutcome, at: Date): Promise<PaymentRefundRow | undefined> {
    const [row] = await this.db
      .update(paymentRefunds)
      .set({ ...outcome, settledAt: at })
      .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.status, 'pending')))
      .returning();
    return row;
  }

  /** Pending refunds asked for between `from` and `to`, oldest first: those whose provider answer was lost. */
  pendingBetween(from: Date, to: Date, limit: number): Promise<PaymentRefundRow[]> {
    return this.db
      .select()
      .from(paymentRefunds)
      .where(
        and(
          eq(paymentRefunds.status, 'pending'),
          gte(paymentRefunds.createdAt, from),
          lt(paymentRefunds.createdAt, to),
        ),
      )
      .orderBy(asc(paymentRefunds.createdAt), asc(paymentRefunds.id))
      .limit(limit);
  }

  /** The refunds the provider made of a payment, oldest first: what its receipt lists. */
  succeededOf(paymentId: number): Promise<PaymentRefundRow[]> {
    return this.db
      .select()
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.paymentId, paymentId), eq(paymentRefunds.status, 'succeeded')))
      .orderBy(asc(paymentRefunds.id));
  }
}

import type { AdminPaymentsFilter, AdminPaymentsQuery, Paginated } from '@portal/contract';
import { addCalendarDays, dayStart } from '@portal/contract';
import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { advertisers, payments, type PaymentRow } from '../../db/schema';
import { containsPattern, fetchPage, keysetBatches, positionOf, type WithTotal } from '../../lib/lists';

/** A payment on the administrators' page: its row and its advertiser account's name as it is now. */
export type AdminPaymentRow = PaymentRow & { advertiserName: string };

const NEWEST_FIRST = [desc(payments.paidAt), desc(payments.id)];

/**
 * The filter of the administrators' payments page (docs/product/payments.md, Administrators'
 * payments page): `search` in the customer's name or e-mail (as billed), the account's name, the
 * campaign's name or the transaction id; `from` and `to` are UTC days, both included.
 */
function filterOf({ search, from, to }: AdminPaymentsFilter): SQL | undefined {
  const pattern = search === '' ? undefined : containsPattern(search);
  return and(
    pattern === undefined
      ? undefined
      : or(
          ilike(sql`${payments.billing}->>'name'`, pattern),
          ilike(sql`${payments.billing}->>'email'`, pattern),
          ilike(advertisers.name, pattern),
          ilike(payments.campaignName, pattern),
          ilike(payments.transactionId, pattern),
        ),
    from === undefined ? undefined : gte(payments.paidAt, new Date(dayStart(from))),
    to === undefined ? undefined : lt(payments.paidAt, new Date(dayStart(addCalendarDays(to, 1)))),
  );
}

/**
 * The payments table as the administrators read it: every account's payments, newest first,
 * a page at a time or in batches for the CSV file. The first part of `PaymentRepository`.
 */
export class PaymentLists {
  constructor(protected readonly db: Database) {}

  /** The payments `where` selects with their account's name, and `extra` columns beside them. */
  private selectAll<Extra extends Record<string, SQL>>(where: SQL | undefined, extra = {} as Extra) {
    return this.db
      .select({ payment: payments, advertiserName: advertisers.name, ...extra })
      .from(payments)
      .innerJoin(advertisers, eq(advertisers.id, payments.advertiserId))
      .where(where);
  }

  /** One page of every payment matching the filter, newest first. */
  async listAll(query: AdminPaymentsQuery): Promise<Paginated<AdminPaymentRow>> {
    const where = filterOf(query);
    const total = this.db
      .select({ total: count() })
      .from(payments)
      .innerJoin(advertisers, eq(advertisers.id, payments.advertiserId))
      .where(where);
    return fetchPage(query, {
      rows: async ({ limit, offset }) => {
        const rows = await this.selectAll(where, { total: sql<number>`(${total})`.mapWith(Number) })
          .orderBy(...NEWEST_FIRST)
          .limit(limit)
          .offset(offset);
        return rows.map(({ payment, ...rest }): WithTotal<AdminPaymentRow> => ({ ...payment, ...rest }));
      },
      count: async () => (await total)[0]!.total,
    });
  }

  /** One payment as the administrators' page shows it. */
  async adminPayment(id: number): Promise<AdminPaymentRow | undefined> {
    const [row] = await this.selectAll(eq(payments.id, id));
    return row && { ...row.payment, advertiserName: row.advertiserName };
  }

  /** Every payment matching the filter, newest first, `batchSize` a round trip, each batch after the last (keyset). */
  allBatches(filter: AdminPaymentsFilter, batchSize: number): AsyncGenerator<AdminPaymentRow[]> {
    return keysetBatches<AdminPaymentRow>(
      { createdAt: payments.paidAt, id: payments.id },
      batchSize,
      async (keyset) => {
        const rows = await this.selectAll(and(filterOf(filter), keyset.where), {
          position: positionOf(payments.paidAt),
        })
          .orderBy(...keyset.order)
          .limit(batchSize);
        return rows.map(({ payment, advertiserName, position }) => ({ ...payment, advertiserName, position }));
      },
      (payment) => payment.id,
    );
  }
}

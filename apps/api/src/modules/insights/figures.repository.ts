import { and, asc, between, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database';
import {
  customerDailyFigures,
  portalDailyFigures,
  reviewTabCounts,
  SUMMED_FIGURE_KEYS,
  type SummedFigures,
} from '../../db/schema';

/** A span of days, both ends included, as 'YYYY-MM-DD'. */
export interface DaySpan {
  from: string;
  to: string;
}

/** A figure's current total and the sums of its daily values over two spans of days. */
export interface FigureSums {
  total: number;
  thisWeek: number;
  lastWeek: number;
}

const negate = (figures: SummedFigures): SummedFigures =>
  Object.fromEntries(SUMMED_FIGURE_KEYS.map((key) => [key, -figures[key]])) as SummedFigures;

/** `sum(column)` as a number (PostgreSQL sums bigints as numeric, which drivers read as text). */
const sumOf = (column: PgColumn, filter?: SQL) =>
  (filter ? sql`coalesce(sum(${column}) filter (where ${filter}), 0)` : sql`coalesce(sum(${column}), 0)`).mapWith(
    Number,
  );

/** One sum per figure of a ledger table. */
const sumsOf = (table: typeof customerDailyFigures | typeof portalDailyFigures, filter?: SQL) =>
  Object.fromEntries(SUMMED_FIGURE_KEYS.map((key) => [key, sumOf(table[key], filter)])) as Record<
    keyof SummedFigures,
    SQL<number>
  >;

/**
 * The daily ledgers of figures (`customer_daily_figures`, `portal_daily_figures`) and the
 * review queue's tab counts: what the dashboards read instead of every campaign's entries
 * (docs/product/insights.md; decision 015).
 */
export class FiguresRepository {
  constructor(private readonly db: Database) {}

  /**
   * Adds what one new entry changes to both ledgers: `change` (the entry minus the campaign's
   * total at the end of its day before it) on its day, and the opposite on the next day the
   * campaign has an entry, whose own value is unchanged. Rows are written in day order, so two
   * saves touching the same days cannot deadlock.
   */
  async record(advertiserId: number, day: string, change: SummedFigures, nextDay: string | null): Promise<void> {
    const rows = [{ day, ...change }, ...(nextDay ? [{ day: nextDay, ...negate(change) }] : [])];
    const addTo = (table: typeof customerDailyFigures | typeof portalDailyFigures) =>
      Object.fromEntries(
        SUMMED_FIGURE_KEYS.map((key) => [key, sql`${table[key]} + excluded.${sql.identifier(table[key].name)}`]),
      );
    await this.db
      .insert(customerDailyFigures)
      .values(rows.map((row) => ({ advertiserId, ...row })))
      .onConflictDoUpdate({
        target: [customerDailyFigures.advertiserId, customerDailyFigures.day],
        set: addTo(customerDailyFigures),
      });
    await this.db
      .insert(portalDailyFigures)
      .values(rows)
      .onConflictDoUpdate({ target: portalDailyFigures.day, set: addTo(portalDailyFigures) });
  }

  /**
   * Each figure of the advertiser account's: the sum of the current figures of all its campaigns (the
   * sum of every day's value), and the sums of the daily values over `thisWeek` and `lastWeek`.
   */
  async customerSums(
    advertiserId: number,
    spans: { thisWeek: DaySpan; lastWeek: DaySpan },
  ): Promise<Record<keyof SummedFigures, FigureSums>> {
    const table = customerDailyFigures;
    const within = (span: DaySpan) => between(table.day, span.from, span.to);
    const [row] = await this.db
      .select({
        total: sumsOf(table),
        thisWeek: sumsOf(table, within(spans.thisWeek)),
        lastWeek: sumsOf(table, within(spans.lastWeek)),
      })
      .from(table)
      .where(eq(table.advertiserId, advertiserId));
    return Object.fromEntries(
      SUMMED_FIGURE_KEYS.map((key) => [
        key,
        { total: row!.total[key], thisWeek: row!.thisWeek[key], lastWeek: row!.lastWeek[key] },
      ]),
    ) as Record<keyof SummedFigures, FigureSums>;
  }

  /** The account's amount spent on each day of `span` that has a value, in cents. */
  async customerSpendByDay(advertiserId: number, span: DaySpan): Promise<{ day: string; cents: number }[]> {
    const table = customerDailyFigures;
    return this.db
      .select({ day: table.day, cents: table.amountSpentCents })
      .from(table)
      .where(and(eq(table.advertiserId, advertiserId), between(table.day, span.from, span.to)))
      .orderBy(asc(table.day));
  }

  /**
   * The days of `span` on which the figures of an advertiser account's campaigns (or, for 'all',
   * of every campaign) changed, each with its values: a range read along the ledger's key.
   */
  async days(scope: { advertiserId: number } | 'all', span: DaySpan): Promise<(SummedFigures & { day: string })[]> {
    if (scope === 'all') {
      return this.db
        .select()
        .from(portalDailyFigures)
        .where(between(portalDailyFigures.day, span.from, span.to))
        .orderBy(asc(portalDailyFigures.day));
    }
    const { advertiserId: _advertiserId, ...columns } = getTableColumns(customerDailyFigures);
    return this.db
      .select(columns)
      .from(customerDailyFigures)
      .where(
        and(
          eq(customerDailyFigures.advertiserId, scope.advertiserId),
          between(customerDailyFigures.day, span.from, span.to),
        ),
      )
      .orderBy(asc(customerDailyFigures.day));
  }

  /** The sum of every campaign's current figures, over the whole portal. */
  async portalTotals(): Promise<SummedFigures> {
    const [row] = await this.db.select(sumsOf(portalDailyFigures)).from(portalDailyFigures);
    return row!;
  }

  /** How many campaigns each review tab holds. */
  async reviewTabCounts(): Promise<{ pending: number; active: number; declined: number }> {
    const rows = await this.db.select().from(reviewTabCounts);
    const of = (tab: string) => rows.find((row) => row.tab === tab)?.campaigns ?? 0;
    return { pending: of('pending'), active: of('active'), declined: of('declined') };
  }

  /**
   * Works both ledgers out again from every entry (the SQL function of migration 0011): for
   * loading many entries at once, as the benchmark does, and to check the ledgers kept entry by
   * entry.
   */
  async rebuild(): Promise<void> {
    await this.db.execute(sql`select rebuild_daily_figures()`);
  }
}

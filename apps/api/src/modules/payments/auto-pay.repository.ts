import { and, asc, eq, gte, isNotNull, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import {
  campaigns,
  paymentLinks,
  paymentMethods,
  paymentSettings,
  type AutoPayOutcome,
  type PaymentProviderKind,
} from '../../db/schema';

/** Attempts of one link: the first, then one a day for 3 days (docs/product/payments.md, Automatic payment). */
export const AUTO_PAY_ATTEMPTS = 4;

/**
 * How long an attempt may stay claimed before another round takes it up again, with the same
 * idempotency key: longer than a provider call can last (20 s, retried twice).
 */
const AUTO_PAY_CLAIM_MS = 10 * 60 * 1000;

/** Whether an automatic attempt on the link is under way (claimed, and not yet stale). */
export const autoPayUnderWay = (link: { autoClaimedAt: Date | null }, now: Date): boolean =>
  link.autoClaimedAt !== null && now.getTime() - link.autoClaimedAt.getTime() < AUTO_PAY_CLAIM_MS;

/** An account's automatic payment: its default card and whether it is on. */
export interface AutoPaySettings {
  defaultMethodId: number | null;
  autoPaySince: Date | null;
}

/**
 * Automatic payment's tables (docs/product/payments.md, Automatic payment): each account's default
 * card and switch, and the attempts on each open link.
 */
export class AutoPayRepository {
  constructor(private readonly db: Database) {}

  async settingsOf(advertiserId: number): Promise<AutoPaySettings> {
    const [row] = await this.db
      .select({ defaultMethodId: paymentSettings.defaultMethodId, autoPaySince: paymentSettings.autoPaySince })
      .from(paymentSettings)
      .where(eq(paymentSettings.advertiserId, advertiserId));
    return row ?? { defaultMethodId: null, autoPaySince: null };
  }

  /** Makes a card the default: the account's first card becomes it unless `onlyIfNone` finds one already. */
  async setDefaultCard(advertiserId: number, methodId: number, at: Date, onlyIfNone = false): Promise<void> {
    const set = onlyIfNone
      ? { defaultMethodId: sql`coalesce(${paymentSettings.defaultMethodId}, ${methodId})`, updatedAt: at }
      : { defaultMethodId: methodId, updatedAt: at };
    await this.db
      .insert(paymentSettings)
      .values({ advertiserId, defaultMethodId: methodId, updatedAt: at })
      .onConflictDoUpdate({ target: paymentSettings.advertiserId, set });
  }

  /**
   * Turns automatic payment on (from `at`, keeping an earlier start when it was on already) or
   * off; on only with a default card, checked in the same statement so a card removed meanwhile
   * cannot leave it on without one. Answers the settings as they now are.
   */
  async switchAutoPay(advertiserId: number, enabled: boolean, at: Date): Promise<AutoPaySettings> {
    const since = enabled ? sql`coalesce(${paymentSettings.autoPaySince}, ${at.toISOString()}::timestamptz)` : null;
    const [row] = await this.db
      .update(paymentSettings)
      .set({ autoPaySince: since, updatedAt: at })
      .where(
        and(
          eq(paymentSettings.advertiserId, advertiserId),
          enabled ? isNotNull(paymentSettings.defaultMethodId) : undefined,
        ),
      )
      .returning({ defaultMethodId: paymentSettings.defaultMethodId, autoPaySince: paymentSettings.autoPaySince });
    return row ?? (await this.settingsOf(advertiserId));
  }

  /**
   * Open links due an automatic attempt at `now`: of approved campaigns that are not archived,
   * in accounts paying automatically with a default card of this provider, made since it was
   * turned on; with attempts left, the next one due, and none under way (or one stale).
   */
  async linksDue(now: Date, provider: PaymentProviderKind, limit: number): Promise<number[]> {
    const staleBefore = new Date(now.getTime() - AUTO_PAY_CLAIM_MS);
    const rows = await this.db
      .select({ id: paymentLinks.id })
      .from(paymentLinks)
      .innerJoin(paymentSettings, eq(paymentSettings.advertiserId, paymentLinks.advertiserId))
      .innerJoin(paymentMethods, eq(paymentMethods.id, paymentSettings.defaultMethodId))
      .innerJoin(campaigns, eq(campaigns.id, paymentLinks.campaignId))
      .where(
        and(
          eq(paymentLinks.status, 'open'),
          isNotNull(paymentSettings.autoPaySince),
          gte(paymentLinks.createdAt, paymentSettings.autoPaySince),
          eq(paymentMethods.provider, provider),
          eq(campaigns.approvalStatus, 'approved'),
          isNull(campaigns.archivedAt),
          // A stale claim is taken up again whatever its number: it is the same attempt.
          or(lt(paymentLinks.autoAttempts, AUTO_PAY_ATTEMPTS), isNotNull(paymentLinks.autoClaimedAt)),
          or(isNull(paymentLinks.autoOutcome), notInArray(paymentLinks.autoOutcome, ['action_required', 'paused'])),
          or(isNull(paymentLinks.autoNextAt), lte(paymentLinks.autoNextAt, now)),
          or(isNull(paymentLinks.autoClaimedAt), lt(paymentLinks.autoClaimedAt, staleBefore)),
        ),
      )
      .orderBy(asc(paymentLinks.createdAt), asc(paymentLinks.id))
      .limit(limit);
    return rows.map(({ id }) => id);
  }

  /** The default card of an account that pays automatically, of this provider; undefined otherwise. */
  async chargeableCard(advertiserId: number, provider: PaymentProviderKind) {
    const [row] = await this.db
      .select({ card: paymentMethods, autoPaySince: paymentSettings.autoPaySince })
      .from(paymentSettings)
      .innerJoin(paymentMethods, eq(paymentMethods.id, paymentSettings.defaultMethodId))
      .where(and(eq(paymentSettings.advertiserId, advertiserId), eq(paymentMethods.provider, provider)));
    return row?.autoPaySince ? { card: row.card, autoPaySince: row.autoPaySince } : undefined;
  }

  /** Marks an attempt under way on a locked link; a stale claim keeps its attempt number (and so its key). */
  async claim(linkId: number, attempt: number, at: Date): Promise<void> {
    await this.db
      .update(paymentLinks)
      .set({ autoAttempts: attempt, autoClaimedAt: at })
      .where(eq(paymentLinks.id, linkId));
  }

  /** How a failed attempt ended, and when the next is due (null: no more). */
  async settleFailure(linkId: number, outcome: AutoPayOutcome, nextAt: Date | null): Promise<void> {
    await this.db
      .update(paymentLinks)
      .set({ autoClaimedAt: null, autoOutcome: outcome, autoNextAt: nextAt })
      .where(eq(paymentLinks.id, linkId));
  }
}

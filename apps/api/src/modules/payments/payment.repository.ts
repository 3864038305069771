import type { ListQuery, Paginated } from '@portal/contract';
import { and, count, desc, eq, getTableColumns, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import {
  accountCredits,
  campaigns,
  paymentCustomers,
  paymentLinks,
  paymentMethods,
  payments,
  providerEvents,
  type PaymentLinkRow,
  type PaymentProviderKind,
  type PaymentRow,
} from '../../db/schema';
import { fetchPage, type WithTotal } from '../../lib/lists';
import { creditUsableOn } from './payment-links';
import { PaymentLists } from './payment-lists';

/** A link the customer owes, with its campaign's name (Total Amount Due). */
export interface LinkDue {
  campaignId: number;
  campaignName: string;
  amountCents: number;
  creditCents: number;
  coversDays: number | null;
  token: string;
}

/** Open links count as due only for approved campaigns that are not archived. */
const dueCampaign = and(eq(campaigns.approvalStatus, 'approved'), isNull(campaigns.archivedAt));

/**
 * The payments tables (docs/product/payments.md): provider customers, saved cards, payment
 * links, payments and the provider events already handled. The administrators' lists of every
 * payment are its first part (`PaymentLists`).
 */
export class PaymentRepository extends PaymentLists {
  async customerId(advertiserId: number, provider: PaymentProviderKind): Promise<string | undefined> {
    const [row] = await this.db
      .select({ customerId: paymentCustomers.customerId })
      .from(paymentCustomers)
      .where(and(eq(paymentCustomers.advertiserId, advertiserId), eq(paymentCustomers.provider, provider)));
    return row?.customerId;
  }

  /** Keeps the user's provider customer; of two made at once, the first kept wins and is returned. */
  async keepCustomer(
    advertiserId: number,
    provider: PaymentProviderKind,
    customerId: string,
    at: Date,
  ): Promise<string> {
    await this.db
      .insert(paymentCustomers)
      .values({ advertiserId, provider, customerId, createdAt: at })
      .onConflictDoNothing({ target: [paymentCustomers.advertiserId, paymentCustomers.provider] });
    return (await this.customerId(advertiserId, provider))!;
  }

  /** Saves a card once: saving the same provider card again returns the row already kept. */
  async saveCard(card: typeof paymentMethods.$inferInsert) {
    await this.db
      .insert(paymentMethods)
      .values(card)
      .onConflictDoNothing({ target: [paymentMethods.provider, paymentMethods.providerMethodId] });
    const [row] = await this.db
      .select()
      .from(paymentMethods)
      .where(
        and(eq(paymentMethods.provider, card.provider), eq(paymentMethods.providerMethodId, card.providerMethodId)),
      );
    return row!;
  }

  cards(advertiserId: number, provider: PaymentProviderKind) {
    return this.db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.advertiserId, advertiserId), eq(paymentMethods.provider, provider)))
      .orderBy(desc(paymentMethods.createdAt), desc(paymentMethods.id));
  }

  async card(advertiserId: number, id: number) {
    const [row] = await this.db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.advertiserId, advertiserId), eq(paymentMethods.id, id)));
    return row;
  }

  /**
   * Opens a link unless the campaign has one open already (the partial unique index decides
   * races), taking what it can of the account's credit off its amount (docs/product/payments.md,
   * Credit).
   */
  async openLink(link: typeof paymentLinks.$inferInsert): Promise<PaymentLinkRow | undefined> {
    const [row] = await this.db
      .insert(paymentLinks)
      .values(link)
      .onConflictDoNothing({ target: paymentLinks.campaignId, where: sql`${paymentLinks.status} = 'open'` })
      .returning();
    if (!row) return undefined;
    return this.useCredit(row, row.amountCents, row.createdAt);
  }

  /** The campaign's open link, locked; the campaign must be locked first (decision 016's order). */
  async lockOpenLinkOf(campaignId: number): Promise<PaymentLinkRow | undefined> {
    const [row] = await this.db
      .select()
      .from(paymentLinks)
      .where(and(eq(paymentLinks.campaignId, campaignId), eq(paymentLinks.status, 'open')))
      .for('update');
    return row;
  }

  /**
   * A locked open link's days and amount after its campaign's flight changed: the credit it used
   * goes back to the account, and is taken again for the new amount.
   */
  async repriceOpenLink(
    link: PaymentLinkRow,
    priced: { coversDays: number | null; amountCents: number },
    at: Date,
  ): Promise<void> {
    await this.addCredit(link.advertiserId, link.creditCents, at);
    await this.db.update(paymentLinks).set({ coversDays: priced.coversDays }).where(eq(paymentLinks.id, link.id));
    await this.useCredit(link, priced.amountCents, at);
  }

  /**
   * Sets a link's amount to `grossCents` less the credit it takes of its account's (locked after
   * the link, decision 016's order); answers the link as it now is.
   */
  private async useCredit(link: PaymentLinkRow, grossCents: number, at: Date): Promise<PaymentLinkRow> {
    const creditCents = await this.takeCredit(link.advertiserId, creditUsableOn(grossCents), at);
    const [row] = await this.db
      .update(paymentLinks)
      .set({ amountCents: grossCents - creditCents, creditCents })
      .where(eq(paymentLinks.id, link.id))
      .returning();
    return row!;
  }

  /** Takes up to `maxCents` of the account's credit, its row locked until the transaction ends; answers what was taken. */
  private async takeCredit(advertiserId: number, maxCents: number, at: Date): Promise<number> {
    if (maxCents <= 0) return 0;
    const [row] = await this.db
      .select({ balanceCents: accountCredits.balanceCents })
      .from(accountCredits)
      .where(eq(accountCredits.advertiserId, advertiserId))
      .for('update');
    const taken = Math.min(row?.balanceCents ?? 0, maxCents);
    if (taken === 0) return 0;
    await this.db
      .update(accountCredits)
      .set({ balanceCents: sql`${accountCredits.balanceCents} - ${taken}`, updatedAt: at })
      .where(eq(accountCredits.advertiserId, advertiserId));
    return taken;
  }

  /** Adds to the account's credit: days of a paid period cut short, or what a cancelled link had taken. */
  async addCredit(advertiserId: number, cents: number, at: Date): Promise<void> {
    if (cents <= 0) return;
    await this.db
      .insert(accountCredits)
      .values({ advertiserId, balanceCents: cents, updatedAt: at })
      .onConflictDoUpdate({
        target: accountCredits.advertiserId,
        set: { balanceCents: sql`${accountCredits.balanceCents} + ${cents}`, updatedAt: at },
      });
  }

  /** The account's credit, in cents; 0 when it never had any. */
  async creditOf(advertiserId: number): Promise<number> {
    const [row] = await this.db
      .select({ balanceCents: accountCredits.balanceCents })
      .from(accountCredits)
      .where(eq(accountCredits.advertiserId, advertiserId));
    return row?.balanceCents ?? 0;
  }

  /** The campaign's link paid last: what its current paid period was bought with. */
  async lastPaidLinkOf(campaignId: number): Promise<PaymentLinkRow | undefined> {
    const [row] = await this.db
      .select()
      .from(paymentLinks)
      .where(and(eq(paymentLinks.campaignId, campaignId), eq(paymentLinks.status, 'paid')))
      .orderBy(desc(paymentLinks.closedAt), desc(paymentLinks.id))
      .limit(1);
    return row;
  }

  async openLinkOf(campaignId: number): Promise<PaymentLinkRow | undefined> {
    const [row] = await this.db
      .select()
      .from(paymentLinks)
      .where(and(eq(paymentLinks.campaignId, campaignId), eq(paymentLinks.status, 'open')));
    return row;
  }

  async linkByToken(token: string) {
    const [row] = await this.db
      .select({ link: paymentLinks, campaignName: campaigns.name, campaignArchivedAt: campaigns.archivedAt })
      .from(paymentLinks)
      .innerJoin(campaigns, eq(campaigns.id, paymentLinks.campaignId))
      .where(eq(paymentLinks.token, token));
    return row;
  }

  /** The link, unlocked: to learn its campaign, whose row is locked first (decision 016). */
  async link(id: number): Promise<PaymentLinkRow | undefined> {
    const [row] = await this.db.select().from(paymentLinks).where(eq(paymentLinks.id, id));
    return row;
  }

  /** The link, locked until the transaction ends, so a payment is recorded once however many arrive. */
  async lockLink(id: number): Promise<PaymentLinkRow | undefined> {
    const [row] = await this.db.select().from(paymentLinks).where(eq(paymentLinks.id, id)).for('update');
    return row;
  }

  async closeLink(id: number, status: 'paid', at: Date): Promise<void> {
    await this.db.update(paymentLinks).set({ status, closedAt: at }).where(eq(paymentLinks.id, id));
  }

  /**
   * Cancels the open links of these campaigns (archived, or their flight is over: nothing is owed
   * for them any more); the credit they had taken goes back to their accounts.
   */
  async cancelOpenLinks(campaignIds: number[], at: Date): Promise<void> {
    if (campaignIds.length === 0) return;
    const cancelled = await this.db
      .update(paymentLinks)
      .set({ status: 'cancelled', closedAt: at })
      .where(and(inArray(paymentLinks.campaignId, campaignIds), eq(paymentLinks.status, 'open')))
      .returning({ advertiserId: paymentLinks.advertiserId, creditCents: paymentLinks.creditCents });
    for (const { advertiserId, creditCents } of cancelled) await this.addCredit(advertiserId, creditCents, at);
  }

  /** The customer's open links of approved campaigns that are not archived, newest first. */
  async due(advertiserId: number): Promise<LinkDue[]> {
    return this.db
      .select({
        campaignId: paymentLinks.campaignId,
        campaignName: campaigns.name,
        amountCents: paymentLinks.amountCents,
        creditCents: paymentLinks.creditCents,
        coversDays: paymentLinks.coversDays,
        token: paymentLinks.token,
      })
      .from(paymentLinks)
      .innerJoin(campaigns, eq(campaigns.id, paymentLinks.campaignId))
      .where(and(eq(paymentLinks.advertiserId, advertiserId), eq(paymentLinks.status, 'open'), dueCampaign))
      .orderBy(desc(paymentLinks.createdAt), desc(paymentLinks.id));
  }

  async insertPayment(payment: typeof payments.$inferInsert): Promise<PaymentRow> {
    const [row] = await this.db.insert(payments).values(payment).returning();
    return row!;
  }

  /** The payment recorded against a link (at most one). */
  async paymentOfLink(linkId: number): Promise<PaymentRow | undefined> {
    const [row] = await this.db.select().from(payments).where(eq(payments.linkId, linkId));
    return row;
  }

  async payment(id: number): Promise<PaymentRow | undefined> {
    const [row] = await this.db.select().from(payments).where(eq(payments.id, id));
    return row;
  }

  /** The customer's payments, newest first. */
  async listPayments(advertiserId: number, query: ListQuery): Promise<Paginated<PaymentRow>> {
    const mine = eq(payments.advertiserId, advertiserId);
    const total = this.db.select({ total: count() }).from(payments).where(mine);
    return fetchPage(query, {
      rows: ({ limit, offset }) =>
        this.db
          .select({ ...getTableColumns(payments), total: sql<number>`(${total})`.mapWith(Number) })
          .from(payments)
          .where(mine)
          .orderBy(desc(payments.paidAt), desc(payments.id))
          .limit(limit)
          .offset(offset) as Promise<WithTotal<PaymentRow>[]>,
      count: async () => (await total)[0]!.total,
    });
  }

  /**
   * The payment, locked until the transaction ends: a refund reads what is left of it and holds
   * its amount under this lock, so refunds asked at once take turns (decision 030).
   */
  async lockPayment(id: number): Promise<PaymentRow | undefined> {
    const [row] = await this.db.select().from(payments).where(eq(payments.id, id)).for('update');
    return row;
  }

  /**
   * Holds a refund's amount on its (locked) payment while the provider is asked. The database
   * refuses a hold that would take refunds past the amount paid (`payments_refunds_within_amount`).
   */
  async holdRefund(id: number, cents: number): Promise<void> {
    await this.db
      .update(payments)
      .set({ refundPendingCents: sql`${payments.refundPendingCents} + ${cents}` })
      .where(eq(payments.id, id));
  }

  /** A held refund's outcome: made, it counts as refunded; refused, its amount is free again. */
  async settleRefund(id: number, cents: number, made: boolean): Promise<PaymentRow> {
    const [row] = await this.db
      .update(payments)
      .set({
        refundPendingCents: sql`${payments.refundPendingCents} - ${cents}`,
        ...(made && { refundedCents: sql`${payments.refundedCents} + ${cents}` }),
      })
      .where(eq(payments.id, id))
      .returning();
    return row!;
  }

  /** Whether a provider event was handled already. */
  async eventHandled(eventId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ eventId: providerEvents.eventId })
      .from(providerEvents)
      .where(eq(providerEvents.eventId, eventId));
    return row !== undefined;
  }

  /**
   * Marks a provider event handled; false when it was already (a repeated delivery). In the
   * transaction of what the event changes, so a failure leaves it to be handled again.
   */
  async markEventHandled(eventId: string, type: string, at: Date): Promise<boolean> {
    const inserted = await this.db
      .insert(providerEvents)
      .values({ eventId, type, receivedAt: at })
      .onConflictDoNothing()
      .returning({ eventId: providerEvents.eventId });
    return inserted.length > 0;
  }

  /** What was paid for the campaign so far, in cents: every payment recorded for it. */
  async paidCentsOf(campaignId: number): Promise<number> {
    const [row] = await this.db
      .select({ cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)`.mapWith(Number) })
      .from(payments)
      .where(eq(payments.campaignId, campaignId));
    return row!.cents;
  }

  /** The account's payments made from `from` until before `until`: a monthly statement's, which orders its lines itself. */
  paymentsBetween(advertiserId: number, from: Date, until: Date): Promise<PaymentRow[]> {
    const during = and(gte(payments.paidAt, from), lt(payments.paidAt, until));
    return this.db
      .select()
      .from(payments)
      .where(and(eq(payments.advertiserId, advertiserId), during));
  }

  /** What the account paid before `before`, in cents: a statement's opening balance takes it off. */
  async paidCentsBefore(advertiserId: number, before: Date): Promise<number> {
    const [row] = await this.db
      .select({ cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)`.mapWith(Number) })
      .from(payments)
      .where(and(eq(payments.advertiserId, advertiserId), lt(payments.paidAt, before)));
    return row!.cents;
  }

  /**
   * Revenue collected (every payment less its succeeded refunds, docs/product/payments.md) and
   * amount due (open links of approved, unarchived campaigns).
   */
  async portalTotals(): Promise<{ collectedCents: number; dueCents: number }> {
    const centsSum = (column: SQL | typeof paymentLinks.amountCents) =>
      sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
    const [[collected], [due]] = await Promise.all([
      this.db.select({ cents: centsSum(sql`${payments.amountCents} - ${payments.refundedCents}`) }).from(payments),
      this.db
        .select({ cents: centsSum(paymentLinks.amountCents) })
        .from(paymentLinks)
        .innerJoin(campaigns, eq(campaigns.id, paymentLinks.campaignId))
        .where(and(eq(paymentLinks.status, 'open'), dueCampaign)),
    ]);
    return { collectedCents: collected!.cents, dueCents: due!.cents };
  }
}

import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { CampaignDetailsValues, FlightState } from '@portal/contract';
import { campaigns, type CampaignRow } from '../../db/schema';
import { CampaignLocks } from './campaign-locks';
import { isDraftOf, type DraftOwner } from './campaign-views';

/**
 * A ban switches off the approved and pending campaigns the user created that are on (in a
 * one-person account, all of its campaigns). Archived ones are
 * left out: they deliver nothing and can never be switched on again, so there is nothing to stop.
 */
const banTouches = (userId: number) =>
  and(
    eq(campaigns.userId, userId),
    inArray(campaigns.approvalStatus, ['approved', 'pending']),
    eq(campaigns.onOff, 'on'),
    isNull(campaigns.archivedAt),
  );

/** The columns step 1 of the wizard writes. */
function detailsColumns(details: CampaignDetailsValues, flightState: FlightState) {
  return {
    startDate: details.start_date,
    endDate: details.end_date,
    flightState,
    name: details.campaign_name,
    objective: details.campaign_objective,
    budgetType: details.budget_type,
    budgetAmount: details.budget_amount.toFixed(2),
    keywords: details.keywords,
    onOff: details.status === 'active' ? ('on' as const) : ('off' as const),
  };
}

/**
 * The `campaigns` table, with its ad (`ad_templates`) and its files' attachment (`media_files`).
 * One repository over four files (ARCHITECTURE.md, The API): this one writes, and it
 * extends the parts that lock (`campaign-locks.ts`), list (`campaign-lists.ts`) and read views
 * (`campaign-views.ts`).
 */
export class CampaignRepository extends CampaignLocks {
  /** What a ban of the user switches off: their approved and pending campaigns that are on, not archived. */
  async switchedOnForReviewOrDelivery(userId: number): Promise<CampaignRow[]> {
    return this.db.select().from(campaigns).where(banTouches(userId)).orderBy(asc(campaigns.id));
  }

  /** Switches off what a ban touches, answering the ids switched off. */
  async switchOffForBan(userId: number, at: Date): Promise<number[]> {
    const rows = await this.db
      .update(campaigns)
      .set({ onOff: 'off', updatedAt: at })
      .where(banTouches(userId))
      .returning({ id: campaigns.id });
    return rows.map((row) => row.id).sort((a, b) => a - b);
  }

  async update(id: number, changes: Partial<typeof campaigns.$inferInsert>): Promise<void> {
    await this.db.update(campaigns).set(changes).where(eq(campaigns.id, id));
  }

  /** Archives the campaigns not archived yet and deletes for good the ones that were. */
  async archiveOrDelete(ids: number[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    // Those archived before go for good first, so that the ones archived now are not deleted too.
    await this.db
      .update(campaigns)
      .set({ deletedAt: at, updatedAt: at })
      .where(and(inArray(campaigns.id, ids), isNull(campaigns.deletedAt), isNotNull(campaigns.archivedAt)));
    await this.db
      .update(campaigns)
      .set({ archivedAt: at, updatedAt: at })
      .where(and(inArray(campaigns.id, ids), isNull(campaigns.archivedAt)));
  }

  /** Inserts a copied campaign's row (its ad and files go to their own tables); resolves with its id. */
  async insertCopy(campaign: typeof campaigns.$inferInsert): Promise<number> {
    const [inserted] = await this.db.insert(campaigns).values(campaign).returning({ id: campaigns.id });
    return inserted!.id;
  }

  async findDraft(owner: DraftOwner): Promise<CampaignRow | undefined> {
    const [row] = await this.db.select().from(campaigns).where(isDraftOf(owner)).limit(1);
    return row;
  }

  /**
   * Creates the person's draft in the account, or updates it when there is one: one statement, so
   * two first saves at once still leave one draft (the unique index on a member's draft decides).
   */
  async saveDraftDetails(
    owner: DraftOwner,
    details: CampaignDetailsValues,
    flightState: FlightState,
    at: Date,
  ): Promise<CampaignRow> {
    const columns = detailsColumns(details, flightState);
    const [row] = await this.db
      .insert(campaigns)
      .values({ ...owner, ...columns, approvalStatus: 'draft', createdAt: at, updatedAt: at })
      .onConflictDoUpdate({
        target: [campaigns.advertiserId, campaigns.userId],
        targetWhere: eq(campaigns.approvalStatus, 'draft'),
        set: { ...columns, updatedAt: at },
      })
      .returning();
    return row!;
  }

  /** Deletes the person's draft with this id; false when they have no such draft. */
  async deleteDraft(owner: DraftOwner, id: number): Promise<boolean> {
    const deleted = await this.db
      .delete(campaigns)
      .where(and(eq(campaigns.id, id), isDraftOf(owner)))
      .returning({ id: campaigns.id });
    return deleted.length === 1;
  }

  async deleteByIds(ids: number[]): Promise<void> {
    if (ids.length > 0) await this.db.delete(campaigns).where(inArray(campaigns.id, ids));
  }

  /** The advertiser account a campaign belongs to: whose members hear of it. */
  async advertiserOf(id: number): Promise<number | undefined> {
    const [row] = await this.db
      .select({ advertiserId: campaigns.advertiserId })
      .from(campaigns)
      .where(eq(campaigns.id, id));
    return row?.advertiserId;
  }

  async touch(id: number, at: Date): Promise<void> {
    await this.db.update(campaigns).set({ updatedAt: at }).where(eq(campaigns.id, id));
  }
}

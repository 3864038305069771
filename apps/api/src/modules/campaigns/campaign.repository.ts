import { and, eq, lt } from 'drizzle-orm';
import type { CampaignDetailsValues } from '@portal/contract';
import type { Database } from '../../db/database';
import { campaigns, type CampaignRow } from '../../db/schema';

/** The columns step 1 of the wizard writes. */
function detailsColumns(details: CampaignDetailsValues) {
  return {
    name: details.campaign_name,
    objective: details.campaign_objective,
    budgetType: details.budget_type,
    budgetAmount: details.budget_amount.toFixed(2),
    keywords: details.keywords,
    onOff: details.status === 'active' ? ('on' as const) : ('off' as const),
  };
}

/** The `campaigns` table. */
export class CampaignRepository {
  constructor(private readonly db: Database) {}

  async findDraft(userId: number): Promise<CampaignRow | undefined> {
    const [row] = await this.db
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.userId, userId), eq(campaigns.approvalStatus, 'draft')))
      .limit(1);
    return row;
  }

  /**
   * Creates the user's draft, or updates it when there is one: one statement, so two first saves
   * at once still leave one draft (the unique index on a user's draft decides).
   */
  async saveDraftDetails(userId: number, details: CampaignDetailsValues, at: Date): Promise<CampaignRow> {
    const columns = detailsColumns(details);
    const [row] = await this.db
      .insert(campaigns)
      .values({ userId, ...columns, approvalStatus: 'draft', createdAt: at, updatedAt: at })
      .onConflictDoUpdate({
        target: campaigns.userId,
        targetWhere: eq(campaigns.approvalStatus, 'draft'),
        set: { ...columns, updatedAt: at },
      })
      .returning();
    return row!;
  }

  /** Deletes the user's draft with this id; false when the user has no such draft. */
  async deleteDraft(userId: number, id: number): Promise<boolean> {
    const deleted = await this.db
      .delete(campaigns)
      .where(and(eq(campaigns.id, id), eq(campaigns.userId, userId), eq(campaigns.approvalStatus, 'draft')))
      .returning({ id: campaigns.id });
    return deleted.length === 1;
  }

  /** Deletes drafts not saved since `before`; resolves with their ids. */
  async deleteDraftsUntouchedSince(before: Date): Promise<number[]> {
    const deleted = await this.db
      .delete(campaigns)
      .where(and(eq(campaigns.approvalStatus, 'draft'), lt(campaigns.updatedAt, before)))
      .returning({ id: campaigns.id });
    return deleted.map((row) => row.id);
  }
}

import { and, asc, eq, inArray, isNull, lt, notInArray, or } from 'drizzle-orm';
import type { CampaignDetailsValues } from '@portal/contract';
import type { Database } from '../../db/database';
import { adTemplates, campaigns, mediaFiles, type AdTemplateRow, type CampaignRow } from '../../db/schema';

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

  /** The ids of drafts not saved since `before`, locked until the transaction ends. */
  async lockDraftsUntouchedSince(before: Date): Promise<number[]> {
    const rows = await this.db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.approvalStatus, 'draft'), lt(campaigns.updatedAt, before)))
      .for('update', { skipLocked: true });
    return rows.map((row) => row.id);
  }

  async deleteByIds(ids: number[]): Promise<void> {
    if (ids.length > 0) await this.db.delete(campaigns).where(inArray(campaigns.id, ids));
  }

  /** The user's draft with this id, locked until the transaction ends, so saves of its ad run one at a time. */
  async lockDraft(userId: number, id: number): Promise<CampaignRow | undefined> {
    const [row] = await this.db
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.id, id), eq(campaigns.userId, userId), eq(campaigns.approvalStatus, 'draft')))
      .for('update')
      .limit(1);
    return row;
  }

  async touch(id: number, at: Date): Promise<void> {
    await this.db.update(campaigns).set({ updatedAt: at }).where(eq(campaigns.id, id));
  }

  async saveAdTemplate(
    campaignId: number,
    ad: { adTitle: string; adDescription: string; destinationUrl: string },
    at: Date,
  ): Promise<AdTemplateRow> {
    const [row] = await this.db
      .insert(adTemplates)
      .values({ campaignId, ...ad, createdAt: at, updatedAt: at })
      .onConflictDoUpdate({ target: adTemplates.campaignId, set: { ...ad, updatedAt: at } })
      .returning();
    return row!;
  }

  async findAdTemplate(campaignId: number): Promise<AdTemplateRow | undefined> {
    const [row] = await this.db.select().from(adTemplates).where(eq(adTemplates.campaignId, campaignId)).limit(1);
    return row;
  }

  /**
   * Makes `keys` (the user's, unattached or already this campaign's) the campaign's files in
   * this order, and lets go of the files it had that are not among them. Resolves with how
   * many of `keys` could be attached: fewer means some key was not available.
   */
  async replaceFiles(userId: number, campaignId: number, keys: string[]): Promise<number> {
    await this.db
      .update(mediaFiles)
      .set({ campaignId: null, position: null })
      .where(and(eq(mediaFiles.campaignId, campaignId), notInArray(mediaFiles.key, keys)));
    let attached = 0;
    for (const [position, key] of keys.entries()) {
      const updated = await this.db
        .update(mediaFiles)
        .set({ campaignId, position })
        .where(
          and(
            eq(mediaFiles.key, key),
            eq(mediaFiles.userId, userId),
            or(isNull(mediaFiles.campaignId), eq(mediaFiles.campaignId, campaignId)),
          ),
        )
        .returning({ id: mediaFiles.id });
      attached += updated.length;
    }
    return attached;
  }

  /** The campaign's files in display order. */
  async files(campaignId: number) {
    return this.db
      .select()
      .from(mediaFiles)
      .where(eq(mediaFiles.campaignId, campaignId))
      .orderBy(asc(mediaFiles.position));
  }

  /** The keys of these campaigns' files (to delete them from storage with the campaigns). */
  async fileKeys(campaignIds: number[]): Promise<string[]> {
    if (campaignIds.length === 0) return [];
    const rows = await this.db
      .select({ key: mediaFiles.key })
      .from(mediaFiles)
      .where(inArray(mediaFiles.campaignId, campaignIds));
    return rows.map((row) => row.key);
  }
}

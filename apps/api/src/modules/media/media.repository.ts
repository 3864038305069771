import { and, asc, eq, inArray, isNull, lt, ne } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { campaigns, mediaFiles } from '../../db/schema';

/** The `media_files` table. */
export class MediaRepository {
  constructor(private readonly db: Database) {}

  async recordIssued(file: typeof mediaFiles.$inferInsert): Promise<void> {
    await this.db.insert(mediaFiles).values(file);
  }

  /** The user's file with this key, with the approval status of the campaign it belongs to, if any. */
  async findOwned(userId: number, key: string) {
    const [row] = await this.db
      .select({ file: mediaFiles, campaignStatus: campaigns.approvalStatus })
      .from(mediaFiles)
      .leftJoin(campaigns, eq(campaigns.id, mediaFiles.campaignId))
      .where(and(eq(mediaFiles.key, key), eq(mediaFiles.userId, userId)))
      .limit(1);
    return row;
  }

  /** Whether the file belongs to a campaign that was submitted (not a draft): what administrators may view. */
  async isOfSubmittedCampaign(key: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: mediaFiles.id })
      .from(mediaFiles)
      .innerJoin(campaigns, eq(campaigns.id, mediaFiles.campaignId))
      .where(and(eq(mediaFiles.key, key), ne(campaigns.approvalStatus, 'draft')))
      .limit(1);
    return row !== undefined;
  }

  /** Keys of files issued before `before` that belong to no campaign, oldest first. */
  async unattachedIssuedBefore(before: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ key: mediaFiles.key })
      .from(mediaFiles)
      .where(and(isNull(mediaFiles.campaignId), lt(mediaFiles.issuedAt, before)))
      .orderBy(asc(mediaFiles.issuedAt))
      .limit(limit);
    return rows.map((row) => row.key);
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(mediaFiles).where(eq(mediaFiles.id, id));
  }

  async deleteKeys(keys: string[]): Promise<void> {
    if (keys.length > 0) await this.db.delete(mediaFiles).where(inArray(mediaFiles.key, keys));
  }
}

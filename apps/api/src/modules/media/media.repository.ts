import { and, asc, count, desc, eq, gt, inArray, isNull, lt, min, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { campaigns, mediaFiles, type MediaFileRow } from '../../db/schema';
import type { MediaFacts } from './media-metadata';

/** The `media_files` table. */
export class MediaRepository {
  constructor(private readonly db: Database) {}

  /**
   * Makes `keys` (the user's, unattached or already this campaign's) the campaign's files in
   * this order, and lets go of the files it had that are not among them. Resolves with how
   * many of `keys` could be attached: fewer means some key was not available.
   */
  async attach(advertiserId: number, campaignId: number, keys: string[]): Promise<number> {
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
            eq(mediaFiles.advertiserId, advertiserId),
            or(isNull(mediaFiles.campaignId), eq(mediaFiles.campaignId, campaignId)),
          ),
        )
        .returning({ id: mediaFiles.id });
      attached += updated.length;
    }
    return attached;
  }

  /** The campaign's files in display order. */
  async ofCampaign(campaignId: number): Promise<MediaFileRow[]> {
    return this.db
      .select()
      .from(mediaFiles)
      .where(eq(mediaFiles.campaignId, campaignId))
      .orderBy(asc(mediaFiles.position));
  }

  /** The ids of these campaigns' file records (to remove them with the campaigns). */
  async idsOfCampaigns(campaignIds: number[]): Promise<number[]> {
    if (campaignIds.length === 0) return [];
    const rows = await this.db
      .select({ id: mediaFiles.id })
      .from(mediaFiles)
      .where(inArray(mediaFiles.campaignId, campaignIds));
    return rows.map((row) => row.id);
  }

  /** Records for a copied campaign's files, which name the original's keys (decision 023). */
  async insertCopies(campaignId: number, files: Omit<typeof mediaFiles.$inferInsert, 'campaignId'>[]): Promise<void> {
    if (files.length > 0) await this.db.insert(mediaFiles).values(files.map((file) => ({ ...file, campaignId })));
  }

  /**
   * Keeps what a file's bytes said (null: they could not be read) on every record of its key:
   * the records of duplicates name the same bytes.
   */
  async recordFacts(key: string, facts: MediaFacts | null, readAt: Date): Promise<void> {
    await this.db
      .update(mediaFiles)
      .set({
        metadataReadAt: readAt,
        width: facts?.width ?? null,
        height: facts?.height ?? null,
        durationMs: facts?.durationMs ?? null,
        container: facts?.container ?? null,
        codec: facts?.codec ?? null,
      })
      .where(eq(mediaFiles.key, key));
  }

  /** The account's campaign's files whose bytes were never read (uploaded before the checks before review). */
  async unreadOfCampaign(advertiserId: number, campaignId: number): Promise<MediaFileRow[]> {
    return this.db
      .select()
      .from(mediaFiles)
      .where(
        and(
          eq(mediaFiles.advertiserId, advertiserId),
          eq(mediaFiles.campaignId, campaignId),
          isNull(mediaFiles.metadataReadAt),
        ),
      );
  }

  async recordIssued(file: typeof mediaFiles.$inferInsert): Promise<void> {
    await this.db.insert(mediaFiles).values(file);
  }

  /**
   * The user's file with this key, with the approval status of the campaign it belongs to, if
   * any. A key several campaigns share (duplicates) answers a row of a submitted campaign first,
   * so that the file is treated as in use.
   */
  async findOwned(advertiserId: number, key: string) {
    const [row] = await this.db
      .select({ file: mediaFiles, campaignStatus: campaigns.approvalStatus })
      .from(mediaFiles)
      .leftJoin(campaigns, eq(campaigns.id, mediaFiles.campaignId))
      .where(and(eq(mediaFiles.key, key), eq(mediaFiles.advertiserId, advertiserId)))
      .orderBy(desc(sql`coalesce(${campaigns.approvalStatus} <> 'draft', false)`))
      .limit(1);
    return row;
  }

  /**
   * What the user's files take against their quotas: the declared size of every key they hold
   * (a shared key once), and the files issued since `pendingSince` that no campaign has yet,
   * with the oldest one's issue time.
   */
  async usage(advertiserId: number, pendingSince: Date) {
    const keys = this.db
      .selectDistinctOn([mediaFiles.key], { size: mediaFiles.size })
      .from(mediaFiles)
      .where(eq(mediaFiles.advertiserId, advertiserId))
      .as('keys');
    const [stored] = await this.db
      .select({ bytes: sql<number>`coalesce(sum(${keys.size}), 0)`.mapWith(Number) })
      .from(keys);
    const [pending] = await this.db
      .select({ uploads: count(), oldest: min(mediaFiles.issuedAt) })
      .from(mediaFiles)
      .where(
        and(
          eq(mediaFiles.advertiserId, advertiserId),
          isNull(mediaFiles.campaignId),
          gt(mediaFiles.issuedAt, pendingSince),
        ),
      );
    return { storedBytes: stored!.bytes, pendingUploads: pending!.uploads, oldestPending: pending!.oldest };
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

  /** Files issued before `before` that belong to no campaign, oldest first. */
  async unattachedIssuedBefore(before: Date, limit: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: mediaFiles.id })
      .from(mediaFiles)
      .where(and(isNull(mediaFiles.campaignId), lt(mediaFiles.issuedAt, before)))
      .orderBy(asc(mediaFiles.issuedAt))
      .limit(limit);
    return rows.map((row) => row.id);
  }

  /**
   * Deletes these file rows and resolves with the keys that no row names any more: the stored
   * objects that can go. Call it in a transaction. Every row of the keys involved is locked
   * first, so two releases of a shared key's last rows run one after the other and the second
   * sees that it let go of the last one. (Rows are added to a key only by Duplicate, from a
   * campaign it holds locked, whose rows no release touches.)
   */
  async release(ids: number[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const keysOfIds = this.db.select({ key: mediaFiles.key }).from(mediaFiles).where(inArray(mediaFiles.id, ids));
    await this.db
      .select({ id: mediaFiles.id })
      .from(mediaFiles)
      .where(inArray(mediaFiles.key, keysOfIds))
      .orderBy(asc(mediaFiles.id))
      .for('update');
    const deleted = await this.db
      .delete(mediaFiles)
      .where(inArray(mediaFiles.id, ids))
      .returning({ key: mediaFiles.key });
    const keys = [...new Set(deleted.map((row) => row.key))];
    if (keys.length === 0) return [];
    const kept = await this.db
      .selectDistinct({ key: mediaFiles.key })
      .from(mediaFiles)
      .where(inArray(mediaFiles.key, keys));
    const stillUsed = new Set(kept.map((row) => row.key));
    return keys.filter((key) => !stillUsed.has(key));
  }
}

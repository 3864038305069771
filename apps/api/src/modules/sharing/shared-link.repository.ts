import { and, asc, count, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { advertiserMembers, advertisers, campaigns, sharedLinks, users, type SharedLinkRow } from '../../db/schema';

type NewSharedLink = typeof sharedLinks.$inferInsert;

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;
/** Neither revoked nor past its expiry. */
const active = (now: Date): SQL => and(isNull(sharedLinks.revokedAt), gt(sharedLinks.expiresAt, at(now)))!;

/** A link as its account's members see it: with its campaign's name and its maker's. */
export interface SharedLinkListRow {
  link: SharedLinkRow;
  campaignName: string | null;
  makerFirstName: string | null;
  makerLastName: string | null;
}

/** The `shared_links` table (decision 034). */
export class SharedLinkRepository {
  constructor(private readonly db: Database) {}

  async create(link: NewSharedLink): Promise<SharedLinkRow> {
    const [row] = await this.db.insert(sharedLinks).values(link).returning();
    return row!;
  }

  /** The account's active links: what the limit counts. Run after the account's row is locked. */
  async countActive(advertiserId: number, now: Date): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(sharedLinks)
      .where(and(eq(sharedLinks.advertiserId, advertiserId), active(now)));
    return row!.total;
  }

  /** The account's active links, oldest first; only the maker's own unless `makerId` is null. */
  listActive(advertiserId: number, makerId: number | null, now: Date): Promise<SharedLinkListRow[]> {
    return this.selectListed()
      .where(
        and(
          eq(sharedLinks.advertiserId, advertiserId),
          active(now),
          makerId === null ? undefined : eq(sharedLinks.createdBy, makerId),
        ),
      )
      .orderBy(asc(sharedLinks.createdAt), asc(sharedLinks.id));
  }

  /** One link as the list shows it. */
  async listed(id: number): Promise<SharedLinkListRow | undefined> {
    const [row] = await this.selectListed().where(eq(sharedLinks.id, id));
    return row;
  }

  private selectListed() {
    return this.db
      .select({
        link: sharedLinks,
        campaignName: campaigns.name,
        makerFirstName: users.firstName,
        makerLastName: users.lastName,
      })
      .from(sharedLinks)
      .innerJoin(users, eq(users.id, sharedLinks.createdBy))
      .leftJoin(campaigns, eq(campaigns.id, sharedLinks.campaignId));
  }

  /** Revokes an active link of the account (the maker's own unless `makerId` is null); false when there is none. */
  async revoke(advertiserId: number, id: number, makerId: number | null, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(sharedLinks)
      .set({ revokedAt: now })
      .where(
        and(
          eq(sharedLinks.id, id),
          eq(sharedLinks.advertiserId, advertiserId),
          active(now),
          makerId === null ? undefined : eq(sharedLinks.createdBy, makerId),
        ),
      )
      .returning({ id: sharedLinks.id });
    return rows.length > 0;
  }

  /**
   * The link with this token hash while it works: active, its maker still an active (not banned)
   * member of the account, and the account not suspended. Undefined otherwise, whatever the reason.
   */
  async findLive(tokenHash: string, now: Date): Promise<SharedLinkRow | undefined> {
    const [row] = await this.db
      .select({ link: sharedLinks })
      .from(sharedLinks)
      .innerJoin(users, and(eq(users.id, sharedLinks.createdBy), eq(users.status, true)))
      .innerJoin(
        advertiserMembers,
        and(
          eq(advertiserMembers.advertiserId, sharedLinks.advertiserId),
          eq(advertiserMembers.userId, sharedLinks.createdBy),
        ),
      )
      .innerJoin(advertisers, and(eq(advertisers.id, sharedLinks.advertiserId), isNull(advertisers.suspendedAt)))
      .where(and(eq(sharedLinks.tokenHash, tokenHash), active(now)));
    return row?.link;
  }

  /** Counts one view in one statement, so views at once are each counted. */
  async countView(id: number, now: Date): Promise<void> {
    await this.db
      .update(sharedLinks)
      .set({
        views: sql`${sharedLinks.views} + 1`,
        // Of two views at once, the later time stays, whichever commits last.
        lastViewedAt: sql`greatest(coalesce(${sharedLinks.lastViewedAt}, ${at(now)}), ${at(now)})`,
      })
      .where(eq(sharedLinks.id, id));
  }
}

import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { AdvertiserRole } from '@portal/contract';
import type { Database } from '../../db/database';
import { advertiserMembers, advertisers, users, type AdvertiserRow } from '../../db/schema';

/**
 * Announces `{userId}:{advertiserId}` when a membership ends, when the transaction commits, so
 * that every process ends the streams the person had open in that account (docs/product/teams.md).
 */
export const MEMBERSHIPS_ENDED_CHANNEL = 'memberships_ended';

/** A membership with its account, as the access hook and the account switcher read it. */
export interface MembershipRow {
  advertiserId: number;
  name: string;
  role: AdvertiserRole;
  suspended: boolean;
  /** Trusted by an administrator (docs/product/review.md, Trusted advertisers). */
  trusted: boolean;
  timeZone: string;
}

const membershipColumns = {
  advertiserId: advertiserMembers.advertiserId,
  name: advertisers.name,
  role: advertiserMembers.role,
  suspended: sql<boolean>`${advertisers.suspendedAt} IS NOT NULL`,
  trusted: sql<boolean>`${advertisers.trustedAt} IS NOT NULL`,
  timeZone: advertisers.timeZone,
};

/** The `advertisers` and `advertiser_members` tables: accounts and who belongs to them. */
export class AdvertiserRepository {
  constructor(private readonly db: Database) {}

  /** A new account with its first owner. */
  async create(name: string, ownerId: number, now: Date): Promise<AdvertiserRow> {
    const [created] = await this.db.insert(advertisers).values({ name, createdAt: now }).returning();
    await this.addMember(created!.id, ownerId, 'owner', now);
    return created!;
  }

  async find(id: number): Promise<AdvertiserRow | undefined> {
    const [row] = await this.db.select().from(advertisers).where(eq(advertisers.id, id));
    return row;
  }

  async rename(id: number, name: string): Promise<void> {
    await this.db.update(advertisers).set({ name }).where(eq(advertisers.id, id));
  }

  /** The zone of the account's flight dates (docs/product/campaigns.md, Flight dates). */
  async timeZoneOf(id: number): Promise<string> {
    const [row] = await this.db
      .select({ timeZone: advertisers.timeZone })
      .from(advertisers)
      .where(eq(advertisers.id, id));
    return row?.timeZone ?? 'UTC';
  }

  async setTimeZone(id: number, timeZone: string): Promise<void> {
    await this.db.update(advertisers).set({ timeZone }).where(eq(advertisers.id, id));
  }

  async setSuspended(id: number, suspendedAt: Date | null): Promise<boolean> {
    const rows = await this.db
      .update(advertisers)
      .set({ suspendedAt })
      .where(eq(advertisers.id, id))
      .returning({ id: advertisers.id });
    return rows.length > 0;
  }

  async setTrusted(id: number, trustedAt: Date | null): Promise<void> {
    await this.db.update(advertisers).set({ trustedAt }).where(eq(advertisers.id, id));
  }

  /**
   * The account, locked until the transaction ends: every change of members or roles takes it
   * first, so that two of them at once are decided one after the other (the last-owner rule).
   */
  async lock(id: number): Promise<AdvertiserRow | undefined> {
    const [row] = await this.db.select().from(advertisers).where(eq(advertisers.id, id)).for('no key update');
    return row;
  }

  /** Every account of the user, the first (the default one) first: earliest joined. */
  memberships(userId: number): Promise<MembershipRow[]> {
    return this.db
      .select(membershipColumns)
      .from(advertiserMembers)
      .innerJoin(advertisers, eq(advertisers.id, advertiserMembers.advertiserId))
      .where(eq(advertiserMembers.userId, userId))
      .orderBy(asc(advertiserMembers.joinedAt), asc(advertiserMembers.advertiserId));
  }

  /** The user's membership of the account, or of their first account when none is named. */
  async membership(userId: number, advertiserId: number | undefined): Promise<MembershipRow | undefined> {
    const [row] = await this.db
      .select(membershipColumns)
      .from(advertiserMembers)
      .innerJoin(advertisers, eq(advertisers.id, advertiserMembers.advertiserId))
      .where(
        advertiserId === undefined
          ? eq(advertiserMembers.userId, userId)
          : and(eq(advertiserMembers.userId, userId), eq(advertiserMembers.advertiserId, advertiserId)),
      )
      .orderBy(asc(advertiserMembers.joinedAt), asc(advertiserMembers.advertiserId))
      .limit(1);
    return row;
  }

  /** The user's first account: the one a request that names none acts on. */
  async firstOf(userId: number): Promise<number | undefined> {
    return (await this.membership(userId, undefined))?.advertiserId;
  }

  /**
   * The account's name and where its mail goes when it has no one person to write to (its card
   * provider's customer, a receipt's address): its earliest owner's e-mail.
   */
  async contactOf(advertiserId: number): Promise<{ name: string; email: string } | undefined> {
    const [row] = await this.db
      .select({ name: advertisers.name, email: users.email })
      .from(advertisers)
      .innerJoin(advertiserMembers, eq(advertiserMembers.advertiserId, advertisers.id))
      .innerJoin(users, eq(users.id, advertiserMembers.userId))
      .where(and(eq(advertisers.id, advertiserId), eq(advertiserMembers.role, 'owner')))
      .orderBy(asc(advertiserMembers.joinedAt), asc(users.id))
      .limit(1);
    return row;
  }

  members(advertiserId: number) {
    return this.db
      .select({
        userId: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        role: advertiserMembers.role,
        joinedAt: advertiserMembers.joinedAt,
      })
      .from(advertiserMembers)
      .innerJoin(users, eq(users.id, advertiserMembers.userId))
      .where(eq(advertiserMembers.advertiserId, advertiserId))
      .orderBy(asc(advertiserMembers.joinedAt), asc(users.id));
  }

  /**
   * The members whose role is one of `roles` and who can act (not banned): who hears of what
   * concerns those roles (docs/product/teams.md, Who is told), in the order they joined.
   */
  async recipients(
    advertiserId: number,
    roles: readonly AdvertiserRole[],
  ): Promise<{ userId: number; email: string }[]> {
    const rows = await this.db
      .select({ userId: advertiserMembers.userId, email: users.email, role: advertiserMembers.role })
      .from(advertiserMembers)
      .innerJoin(users, eq(users.id, advertiserMembers.userId))
      .where(and(eq(advertiserMembers.advertiserId, advertiserId), eq(users.status, true)))
      .orderBy(asc(advertiserMembers.joinedAt), asc(users.id));
    return rows.filter((row) => roles.includes(row.role)).map(({ userId, email }) => ({ userId, email }));
  }

  async countMembers(advertiserId: number): Promise<{ members: number; owners: number }> {
    const [row] = await this.db
      .select({
        members: count(),
        owners: sql<number>`count(*) filter (where ${advertiserMembers.role} = 'owner')`.mapWith(Number),
      })
      .from(advertiserMembers)
      .where(eq(advertiserMembers.advertiserId, advertiserId));
    return row ?? { members: 0, owners: 0 };
  }

  /** Adds the member; false when they already belong to the account. */
  async addMember(advertiserId: number, userId: number, role: AdvertiserRole, now: Date): Promise<boolean> {
    const rows = await this.db
      .insert(advertiserMembers)
      .values({ advertiserId, userId, role, joinedAt: now })
      .onConflictDoNothing()
      .returning({ userId: advertiserMembers.userId });
    return rows.length > 0;
  }

  async roleOf(advertiserId: number, userId: number): Promise<AdvertiserRole | undefined> {
    const [row] = await this.db
      .select({ role: advertiserMembers.role })
      .from(advertiserMembers)
      .where(and(eq(advertiserMembers.advertiserId, advertiserId), eq(advertiserMembers.userId, userId)));
    return row?.role;
  }

  async setRole(advertiserId: number, userId: number, role: AdvertiserRole): Promise<void> {
    await this.db
      .update(advertiserMembers)
      .set({ role })
      .where(and(eq(advertiserMembers.advertiserId, advertiserId), eq(advertiserMembers.userId, userId)));
  }

  async removeMember(advertiserId: number, userId: number): Promise<boolean> {
    const rows = await this.db
      .delete(advertiserMembers)
      .where(and(eq(advertiserMembers.advertiserId, advertiserId), eq(advertiserMembers.userId, userId)))
      .returning({ announced: sql`pg_notify(${MEMBERSHIPS_ENDED_CHANNEL}, ${`${userId}:${advertiserId}`})` });
    return rows.length > 0;
  }
}

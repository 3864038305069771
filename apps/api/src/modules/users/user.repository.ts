import { and, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { ROLE, type ListQuery, type Paginated } from '@portal/contract';
import { containsPattern, fetchPage, stableOrder } from '../../lib/lists';
import type { Database } from '../../db/database';
import { advertiserMembers, billingDetails, payments, users, type NewUser, type User } from '../../db/schema';

/**
 * The user's first advertiser account (the one a request that names none acts on), as SQL:
 * earliest joined, as `AdvertiserRepository.membership` orders them.
 */
const firstAdvertiserOf = (userId: SQL) =>
  sql`(select m.advertiser_id from ${advertiserMembers} m where m.user_id = ${userId} order by m.joined_at, m.advertiser_id limit 1)`;

/**
 * The `users` table. A user is read with the billing details of their first advertiser account,
 * which login and sign-up answers carry.
 */
export class UserRepository {
  constructor(private readonly db: Database) {}

  private async findWithBilling(where: SQL) {
    const [row] = await this.db
      .select({ user: users, billing: billingDetails })
      .from(users)
      .leftJoin(billingDetails, eq(billingDetails.advertiserId, firstAdvertiserOf(sql.raw('"users"."id"'))))
      .where(where)
      .limit(1);
    return row;
  }

  findById(id: number) {
    return this.findWithBilling(eq(users.id, id));
  }

  findByEmail(email: string) {
    return this.findWithBilling(eq(users.email, email));
  }

  async emailTaken(email: string): Promise<boolean> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    return row !== undefined;
  }

  /** Inserts the user unless the e-mail is taken (even by a concurrent insert); undefined then. */
  async createIfAbsent(user: NewUser): Promise<User | undefined> {
    const [created] = await this.db.insert(users).values(user).onConflictDoNothing().returning();
    return created;
  }

  /**
   * One page of every account, newest first, each with the sum of its payments less refunds
   * (docs/product/payments.md, Total spent and Amount spent); `search` matches part of the name or the e-mail.
   */
  async list(query: ListQuery): Promise<Paginated<User & { spentCents: number }>> {
    const pattern = query.search === '' ? undefined : containsPattern(query.search);
    const where =
      pattern === undefined
        ? undefined
        : or(
            ilike(users.email, pattern),
            ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, pattern),
          );
    const total = this.db.select({ total: count() }).from(users).where(where);
    return fetchPage(query, {
      rows: async ({ limit, offset }) => {
        const rows = await this.db
          .select({
            user: users,
            spentCents: spentCentsOf(sql.raw('"users"."id"')),
            total: sql<number>`(${total})`.mapWith(Number),
          })
          .from(users)
          .where(where)
          .orderBy(...stableOrder(users.createdAt, users.id))
          .limit(limit)
          .offset(offset);
        return rows.map(({ user, spentCents, total: rowTotal }) => ({ ...user, spentCents, total: rowTotal }));
      },
      count: async () => (await total)[0]!.total,
    });
  }

  async spentCents(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ cents: spentCentsOf(sql`${userId}`) })
      .from(users)
      .where(eq(users.id, userId));
    return row?.cents ?? 0;
  }

  /**
   * The user, locked until the transaction ends against other lockers. The lock is the one an
   * update of non-key columns takes, so rows that merely refer to the user (a payment, a
   * session, an audit row) can still be inserted meanwhile: a transaction that holds a campaign
   * and then inserts such a row never waits on one that holds the user and then wants the
   * campaign (a ban).
   */
  async lock(id: number): Promise<User | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).for('no key update');
    return row;
  }

  /** The ids of the administrators who can act (not banned): who hears of new campaigns. */
  /** Customer accounts, active and banned (the administrators' Customers tile). */
  async countCustomers(): Promise<{ active: number; banned: number }> {
    const rows = await this.db
      .select({ status: users.status, total: count() })
      .from(users)
      .where(eq(users.roleId, ROLE.customer))
      .groupBy(users.status);
    const of = (status: boolean) => rows.find((row) => row.status === status)?.total ?? 0;
    return { active: of(true), banned: of(false) };
  }

  async activeAdministratorIds(): Promise<number[]> {
    return (await this.activeAdministrators()).map((admin) => admin.userId);
  }

  /** The administrators who are not banned, with the address their e-mails go to. */
  activeAdministrators(): Promise<{ userId: number; email: string }[]> {
    return this.db
      .select({ userId: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.roleId, ROLE.admin), eq(users.status, true)))
      .orderBy(users.id);
  }

  async update(id: number, changes: Partial<Omit<NewUser, 'id'>>): Promise<User> {
    const [updated] = await this.db.update(users).set(changes).where(eq(users.id, id)).returning();
    return updated!;
  }
}

/**
 * The sum of the payments of the advertiser accounts a user owns, less what was refunded of them,
 * in cents (docs/product/teams.md: a one-person account's owner spent what it paid;
 * docs/product/payments.md, Total spent and Amount spent). The names are written out: Drizzle
 * leaves columns of a one-table query unqualified, and inside the subquery an unqualified "id"
 * would be the payment's.
 */
const spentCentsOf = (userId: SQL) =>
  sql<number>`(select coalesce(sum(paid.amount_cents - paid.refunded_cents), 0) from ${payments} as paid where paid.advertiser_id in (select owned.advertiser_id from ${advertiserMembers} as owned where owned.user_id = ${userId} and owned.role = 'owner'))`.mapWith(
    Number,
  );

import { and, asc, count, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { invitations, type InvitationRow } from '../../db/schema';

type NewInvitation = typeof invitations.$inferInsert;

const open = and(isNull(invitations.acceptedAt), isNull(invitations.withdrawnAt));
/** The account's invitations, or the administrators' (which have none). */
const ofAccount = (advertiserId: number | null): SQL =>
  advertiserId === null ? isNull(invitations.advertiserId) : eq(invitations.advertiserId, advertiserId);

/** The `invitations` table (docs/product/teams.md, Invitations). */
export class InvitationRepository {
  constructor(private readonly db: Database) {}

  /** Inserts the invitation; undefined when the address already has an open one for the same account. */
  async create(invitation: NewInvitation): Promise<InvitationRow | undefined> {
    const [row] = await this.db.insert(invitations).values(invitation).onConflictDoNothing().returning();
    return row;
  }

  /** The open invitations (expired ones too, which can be resent or withdrawn), oldest first. */
  pending(advertiserId: number | null): Promise<InvitationRow[]> {
    return this.db
      .select()
      .from(invitations)
      .where(and(ofAccount(advertiserId), open))
      .orderBy(asc(invitations.createdAt), asc(invitations.id));
  }

  async countPending(advertiserId: number | null): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(invitations)
      .where(and(ofAccount(advertiserId), open));
    return row!.total;
  }

  /** An open invitation of the account, locked until the transaction ends. */
  async lockOpen(id: number, advertiserId: number | null): Promise<InvitationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(invitations)
      .where(and(eq(invitations.id, id), ofAccount(advertiserId), open))
      .for('update');
    return row;
  }

  /** A new link for the invitation: the old one stops working. */
  async renew(id: number, tokenHash: string, at: Date, expiresAt: Date): Promise<InvitationRow> {
    const [row] = await this.db
      .update(invitations)
      .set({ tokenHash, createdAt: at, expiresAt })
      .where(eq(invitations.id, id))
      .returning();
    return row!;
  }

  async withdraw(id: number, at: Date): Promise<void> {
    await this.db.update(invitations).set({ withdrawnAt: at }).where(eq(invitations.id, id));
  }

  findByToken(tokenHash: string): Promise<InvitationRow | undefined> {
    return this.db
      .select()
      .from(invitations)
      .where(eq(invitations.tokenHash, tokenHash))
      .then((rows) => rows[0]);
  }

  /**
   * Uses the link: one statement that only an open, unexpired invitation passes, so of two
   * requests with the same link at once exactly one gets the row.
   */
  async accept(id: number, at: Date): Promise<InvitationRow | undefined> {
    const [row] = await this.db
      .update(invitations)
      .set({ acceptedAt: at })
      .where(and(eq(invitations.id, id), open, gt(invitations.expiresAt, sql`${at.toISOString()}::timestamptz`)))
      .returning();
    return row;
  }
}

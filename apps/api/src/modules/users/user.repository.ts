import { eq, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { billingDetails, users, type NewUser, type User } from '../../db/schema';

/** The `users` table. A user is read with its billing details, which most answers carry. */
export class UserRepository {
  constructor(private readonly db: Database) {}

  private async findWithBilling(where: SQL) {
    const [row] = await this.db
      .select({ user: users, billing: billingDetails })
      .from(users)
      .leftJoin(billingDetails, eq(billingDetails.userId, users.id))
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

  async recordLogin(id: number, at: Date): Promise<void> {
    await this.db.update(users).set({ lastLoginAt: at }).where(eq(users.id, id));
  }

  async update(id: number, changes: Partial<Omit<NewUser, 'id'>>): Promise<User> {
    const [updated] = await this.db.update(users).set(changes).where(eq(users.id, id)).returning();
    return updated!;
  }
}

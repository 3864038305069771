import { eq } from 'drizzle-orm';
import type { BillingDetailsValues } from '@portal/contract';
import type { Database } from '../../db/database';
import { billingDetails, sessions, users, type NewUser, type User } from '../../db/schema';

/** Queries on a user's own record and billing details. */
export class AccountRepository {
  constructor(private readonly db: Database) {}

  async findSession(sessionId: string) {
    const [row] = await this.db.select().from(sessions).where(eq(sessions.id, sessionId)).limit(1);
    return row;
  }

  async findUserById(id: number) {
    const [row] = await this.db
      .select({ user: users, billing: billingDetails })
      .from(users)
      .leftJoin(billingDetails, eq(billingDetails.userId, users.id))
      .where(eq(users.id, id))
      .limit(1);
    return row;
  }

  async findUserByEmail(email: string): Promise<User | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email)).limit(1);
    return row;
  }

  /** Inserts the user unless the e-mail is taken (even by a concurrent insert); undefined then. */
  async createUserIfAbsent(user: NewUser): Promise<User | undefined> {
    const [created] = await this.db.insert(users).values(user).onConflictDoNothing().returning();
    return created;
  }

  async updateUser(id: number, changes: Partial<Omit<NewUser, 'id'>>): Promise<User> {
    const [updated] = await this.db.update(users).set(changes).where(eq(users.id, id)).returning();
    return updated!;
  }

  async saveBilling(userId: number, billing: BillingDetailsValues) {
    const values = {
      userId,
      type: billing.type,
      businessName: billing.type === 'company' ? billing.business_name : null,
      taxId: billing.type === 'company' ? billing.tax_id : null,
      currency: billing.type === 'company' ? billing.currency : 'usd',
      country: billing.country,
      address: billing.address,
      city: billing.city,
      state: billing.state,
      postalCode: billing.postal_code,
    };
    const [saved] = await this.db
      .insert(billingDetails)
      .values(values)
      .onConflictDoUpdate({ target: billingDetails.userId, set: values })
      .returning();
    return saved!;
  }
}

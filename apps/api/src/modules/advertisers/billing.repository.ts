import { eq } from 'drizzle-orm';
import type { BillingDetailsValues } from '@portal/contract';
import type { Database } from '../../db/database';
import { billingDetails } from '../../db/schema';

/** The `billing_details` table: one row per advertiser account, replaced as a whole. */
export class BillingRepository {
  constructor(private readonly db: Database) {}

  async save(advertiserId: number, billing: BillingDetailsValues) {
    const values = {
      advertiserId,
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
      .onConflictDoUpdate({ target: billingDetails.advertiserId, set: values })
      .returning();
    return saved!;
  }

  async find(advertiserId: number) {
    const [row] = await this.db.select().from(billingDetails).where(eq(billingDetails.advertiserId, advertiserId));
    return row ?? null;
  }
}

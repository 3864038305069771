import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { adTemplates, type AdTemplateRow } from '../../db/schema';

/** A campaign's ad texts and destination URL, as step 2 of the wizard writes them. */
export interface AdTexts {
  adTitle: string;
  adDescription: string;
  destinationUrl: string;
}

/** The `ad_templates` table: one ad a campaign. */
export class AdTemplateRepository {
  constructor(private readonly db: Database) {}

  async save(campaignId: number, ad: AdTexts, at: Date): Promise<AdTemplateRow> {
    const [row] = await this.db
      .insert(adTemplates)
      .values({ campaignId, ...ad, createdAt: at, updatedAt: at })
      .onConflictDoUpdate({ target: adTemplates.campaignId, set: { ...ad, updatedAt: at } })
      .returning();
    return row!;
  }

  async find(campaignId: number): Promise<AdTemplateRow | undefined> {
    const [row] = await this.db.select().from(adTemplates).where(eq(adTemplates.campaignId, campaignId)).limit(1);
    return row;
  }

  /** The Edit dialog's changes of a submitted campaign's ad: any of its texts and its link. */
  async update(campaignId: number, changes: Partial<AdTexts>, at: Date): Promise<void> {
    await this.db
      .update(adTemplates)
      .set({ ...changes, updatedAt: at })
      .where(eq(adTemplates.campaignId, campaignId));
  }
}

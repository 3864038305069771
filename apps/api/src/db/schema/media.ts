import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns';
import { advertisers } from './advertisers';

/**
 * A campaign file issued to a customer (docs/product/campaigns.md, Media): the key the API made,
 * what the customer declared, and, once attached to an ad, its campaign and place. Ownership is
 * this row: a key not issued to the caller is treated as one that does not exist.
 *
 * A duplicated campaign's files are new rows with the original's key (decision 023): the stored
 * object is shared, and deleted only when the last row that names its key goes.
 */
export const mediaFiles = pgTable(
  'media_files',
  {
    id: serial('id').primaryKey(),
    key: varchar('key', { length: 64 }).notNull(),
    advertiserId: integer('advertiser_id')
      .notNull()
      .references(() => advertisers.id, { onDelete: 'cascade' }),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 20 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    position: smallint('position'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    // What the file's own bytes say (docs/product/campaigns.md, Media), read when its upload is
    // checked: null until then (files uploaded before these columns), and the sizes stay null
    // when the file could not be read.
    metadataReadAt: timestamp('metadata_read_at', { withTimezone: true }),
    width: integer('width'),
    height: integer('height'),
    durationMs: integer('duration_ms'),
    container: varchar('container', { length: 10 }),
    codec: varchar('codec', { length: 40 }),
  },
  (table) => [
    // Not unique: the rows of a campaign and of its duplicates name the same object.
    index('media_files_key_idx').on(table.key),
    index('media_files_campaign_idx').on(table.campaignId, table.position),
    index('media_files_advertiser_idx').on(table.advertiserId),
    // The hourly clean-up of files never attached to a campaign.
    index('media_files_unattached_idx')
      .on(table.issuedAt)
      .where(sql`${table.campaignId} IS NULL`),
  ],
);

export type MediaFileRow = typeof mediaFiles.$inferSelect;

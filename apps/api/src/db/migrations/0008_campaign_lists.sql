-- Trigram indexes serve ILIKE '%term%' searches; PGlite loads the same extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "campaigns_user_created_idx";--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "list_tab" varchar(8) GENERATED ALWAYS AS (CASE
          WHEN deleted_at IS NOT NULL THEN NULL
          WHEN archived_at IS NOT NULL THEN 'archived'
          WHEN approval_status = 'approved' THEN 'active'
          WHEN approval_status IN ('pending', 'declined') THEN 'pending'
        END) STORED;--> statement-breakpoint
CREATE INDEX "campaigns_user_list_idx" ON "campaigns" USING btree ("user_id","list_tab","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "campaigns"."list_tab" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "campaigns_name_trgm_idx" ON "campaigns" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "media_files_unattached_idx" ON "media_files" USING btree ("issued_at") WHERE "media_files"."campaign_id" IS NULL;--> statement-breakpoint
CREATE INDEX "campaigns_user_created_idx" ON "campaigns" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
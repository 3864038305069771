-- A customer's tab index carries each campaign's name (INCLUDE, which the schema's index builder
-- cannot say), so that a search in the tab reads the names from the index alone (decision 042).
DROP INDEX IF EXISTS "campaigns_advertiser_list_idx";--> statement-breakpoint
CREATE INDEX "campaigns_advertiser_list_idx" ON "campaigns" USING btree ("advertiser_id","list_tab","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("name") WHERE "campaigns"."list_tab" IS NOT NULL;

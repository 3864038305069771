ALTER TABLE "advertisers" ADD COLUMN "time_zone" varchar(64) DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "start_date" date;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "end_date" date;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "flight_state" varchar(9) DEFAULT 'running' NOT NULL;--> statement-breakpoint
CREATE INDEX "campaigns_flight_start_idx" ON "campaigns" USING btree ("start_date") WHERE "campaigns"."flight_state" = 'scheduled';--> statement-breakpoint
CREATE INDEX "campaigns_flight_end_idx" ON "campaigns" USING btree ("end_date") WHERE "campaigns"."flight_state" <> 'ended' AND "campaigns"."end_date" IS NOT NULL;
CREATE TABLE "decline_reasons" (
	"code" varchar(40) PRIMARY KEY NOT NULL,
	"text" varchar(120) NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "advertisers" ADD COLUMN "trusted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "decline_reason_code" varchar(40);--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "decline_note" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_decline_reason_code_decline_reasons_code_fk" FOREIGN KEY ("decline_reason_code") REFERENCES "public"."decline_reasons"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_declines_idx" ON "audit_log" USING btree ("created_at") WHERE "audit_log"."action" = 'campaign.declined';--> statement-breakpoint
-- The reasons the portal starts with (the contract's SEEDED_DECLINE_REASONS), in this order. Declines made before have their free text and no code.
INSERT INTO "decline_reasons" ("code", "text", "created_at") VALUES
	('destination_link', 'Destination link does not work', now()),
	('text_too_long', 'Text too long', now() + interval '1 millisecond'),
	('image_size', 'Image too small or wrong ratio', now() + interval '2 milliseconds'),
	('video_too_long', 'Video too long', now() + interval '3 milliseconds'),
	('missing_brand', 'Missing brand name', now() + interval '4 milliseconds'),
	('prohibited', 'Prohibited content', now() + interval '5 milliseconds');

CREATE TABLE "shared_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"advertiser_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"campaign_id" integer,
	"range_from" date,
	"range_to" date,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"views" integer DEFAULT 0 NOT NULL,
	"last_viewed_at" timestamp with time zone,
	CONSTRAINT "shared_links_kind" CHECK ("shared_links"."kind" IN ('preview', 'report')),
	CONSTRAINT "shared_links_shape" CHECK (("shared_links"."kind" = 'preview' AND "shared_links"."campaign_id" IS NOT NULL AND "shared_links"."range_from" IS NULL)
        OR ("shared_links"."kind" = 'report' AND "shared_links"."range_from" IS NOT NULL AND "shared_links"."range_to" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "shared_links" ADD CONSTRAINT "shared_links_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_links" ADD CONSTRAINT "shared_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_links" ADD CONSTRAINT "shared_links_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shared_links_token_unique" ON "shared_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "shared_links_account_idx" ON "shared_links" USING btree ("advertiser_id","expires_at") WHERE "shared_links"."revoked_at" IS NULL;
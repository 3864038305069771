CREATE TABLE "campaign_statistics" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"entered_by" integer,
	"as_of" date NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	"date_paid" date NOT NULL,
	"amount_spent_cents" bigint NOT NULL,
	"ad_cost_cents" bigint NOT NULL,
	"followers_count" bigint NOT NULL,
	"posts" bigint NOT NULL,
	"duration" bigint NOT NULL,
	"total_reach" bigint NOT NULL,
	"post_reach" bigint NOT NULL,
	"story_reach" bigint NOT NULL,
	"total_impressions" bigint NOT NULL,
	"post_impressions" bigint NOT NULL,
	"story_impressions" bigint NOT NULL,
	"post_likes" bigint NOT NULL,
	"post_comments" bigint NOT NULL,
	"post_shares" bigint NOT NULL,
	"post_saves" bigint NOT NULL,
	"story_account_taps" bigint NOT NULL,
	"stories_with_link" bigint NOT NULL,
	"link_clicks" bigint NOT NULL,
	"lead_generated" bigint NOT NULL,
	"dates" timestamp with time zone[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_statistics" ADD CONSTRAINT "campaign_statistics_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_statistics" ADD CONSTRAINT "campaign_statistics_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_statistics_newest_idx" ON "campaign_statistics" USING btree ("campaign_id","as_of" DESC NULLS FIRST,"id" DESC NULLS FIRST);
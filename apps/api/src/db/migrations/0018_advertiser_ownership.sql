ALTER TABLE "billing_details" DROP CONSTRAINT "billing_details_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "media_files" DROP CONSTRAINT "media_files_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "customer_daily_figures" DROP CONSTRAINT "customer_daily_figures_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_customers" DROP CONSTRAINT "payment_customers_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_links" DROP CONSTRAINT "payment_links_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_methods" DROP CONSTRAINT "payment_methods_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "campaigns_one_draft_per_user";--> statement-breakpoint
DROP INDEX "campaigns_user_created_idx";--> statement-breakpoint
DROP INDEX "campaigns_user_list_idx";--> statement-breakpoint
DROP INDEX "campaigns_user_analytics_idx";--> statement-breakpoint
DROP INDEX "media_files_user_idx";--> statement-breakpoint
DROP INDEX "payment_customers_user_provider_unique";--> statement-breakpoint
DROP INDEX "payment_links_open_user_idx";--> statement-breakpoint
DROP INDEX "payment_methods_user_idx";--> statement-breakpoint
DROP INDEX "payments_user_paid_idx";--> statement-breakpoint
ALTER TABLE "customer_daily_figures" DROP CONSTRAINT "customer_daily_figures_user_id_day_pk";--> statement-breakpoint
-- The details now belong to the account: the key moves from the user to the account.
ALTER TABLE "billing_details" DROP CONSTRAINT "billing_details_pkey";--> statement-breakpoint
ALTER TABLE "billing_details" ADD PRIMARY KEY ("advertiser_id");--> statement-breakpoint
ALTER TABLE "billing_details" ALTER COLUMN "advertiser_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ALTER COLUMN "advertiser_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "media_files" ALTER COLUMN "advertiser_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_daily_figures" ALTER COLUMN "advertiser_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_customers" ALTER COLUMN "advertiser_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_links" ALTER COLUMN "advertiser_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ALTER COLUMN "advertiser_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "advertiser_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_daily_figures" ADD CONSTRAINT "customer_daily_figures_advertiser_id_day_pk" PRIMARY KEY("advertiser_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_one_draft_per_member" ON "campaigns" USING btree ("advertiser_id","user_id") WHERE "campaigns"."approval_status" = 'draft';--> statement-breakpoint
CREATE INDEX "campaigns_advertiser_created_idx" ON "campaigns" USING btree ("advertiser_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "campaigns_advertiser_list_idx" ON "campaigns" USING btree ("advertiser_id","list_tab","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "campaigns"."list_tab" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "campaigns_advertiser_analytics_idx" ON "campaigns" USING btree ("advertiser_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "campaigns"."approval_status" = 'approved' AND "campaigns"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "media_files_advertiser_idx" ON "media_files" USING btree ("advertiser_id");--> statement-breakpoint
CREATE INDEX "audit_log_advertiser_idx" ON "audit_log" USING btree ("advertiser_id","id") WHERE "audit_log"."advertiser_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_customers_advertiser_provider_unique" ON "payment_customers" USING btree ("advertiser_id","provider");--> statement-breakpoint
CREATE INDEX "payment_links_open_advertiser_idx" ON "payment_links" USING btree ("advertiser_id") WHERE "payment_links"."status" = 'open';--> statement-breakpoint
CREATE INDEX "payment_methods_advertiser_idx" ON "payment_methods" USING btree ("advertiser_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payments_advertiser_paid_idx" ON "payments" USING btree ("advertiser_id","paid_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "billing_details" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "media_files" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "customer_daily_figures" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "payment_customers" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "payment_links" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "payment_methods" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "payments" DROP COLUMN "user_id";--> statement-breakpoint
-- The ledger is kept per advertiser account now (decision 026): its rebuild sums by account too.
CREATE OR REPLACE FUNCTION "rebuild_daily_figures"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM customer_daily_figures;
  DELETE FROM portal_daily_figures;
  INSERT INTO customer_daily_figures (advertiser_id, day, amount_spent_cents, ad_cost_cents, followers_count, posts, total_reach, post_reach, story_reach, total_impressions, post_impressions, story_impressions, post_likes, post_comments, post_shares, post_saves, story_account_taps, stories_with_link, link_clicks, lead_generated)
  SELECT advertiser_id, day, sum(amount_spent_cents), sum(ad_cost_cents), sum(followers_count), sum(posts), sum(total_reach), sum(post_reach), sum(story_reach), sum(total_impressions), sum(post_impressions), sum(story_impressions), sum(post_likes), sum(post_comments), sum(post_shares), sum(post_saves), sum(story_account_taps), sum(stories_with_link), sum(link_clicks), sum(lead_generated)
  FROM (
    SELECT c.advertiser_id, e.as_of AS day,
           e.amount_spent_cents - coalesce(lag(e.amount_spent_cents) OVER by_day, 0) AS amount_spent_cents,
           e.ad_cost_cents - coalesce(lag(e.ad_cost_cents) OVER by_day, 0) AS ad_cost_cents,
           e.followers_count - coalesce(lag(e.followers_count) OVER by_day, 0) AS followers_count,
           e.posts - coalesce(lag(e.posts) OVER by_day, 0) AS posts,
           e.total_reach - coalesce(lag(e.total_reach) OVER by_day, 0) AS total_reach,
           e.post_reach - coalesce(lag(e.post_reach) OVER by_day, 0) AS post_reach,
           e.story_reach - coalesce(lag(e.story_reach) OVER by_day, 0) AS story_reach,
           e.total_impressions - coalesce(lag(e.total_impressions) OVER by_day, 0) AS total_impressions,
           e.post_impressions - coalesce(lag(e.post_impressions) OVER by_day, 0) AS post_impressions,
           e.story_impressions - coalesce(lag(e.story_impressions) OVER by_day, 0) AS story_impressions,
           e.post_likes - coalesce(lag(e.post_likes) OVER by_day, 0) AS post_likes,
           e.post_comments - coalesce(lag(e.post_comments) OVER by_day, 0) AS post_comments,
           e.post_shares - coalesce(lag(e.post_shares) OVER by_day, 0) AS post_shares,
           e.post_saves - coalesce(lag(e.post_saves) OVER by_day, 0) AS post_saves,
           e.story_account_taps - coalesce(lag(e.story_account_taps) OVER by_day, 0) AS story_account_taps,
           e.stories_with_link - coalesce(lag(e.stories_with_link) OVER by_day, 0) AS stories_with_link,
           e.link_clicks - coalesce(lag(e.link_clicks) OVER by_day, 0) AS link_clicks,
           e.lead_generated - coalesce(lag(e.lead_generated) OVER by_day, 0) AS lead_generated
    FROM (SELECT DISTINCT ON (campaign_id, as_of) * FROM campaign_statistics ORDER BY campaign_id, as_of, id DESC) AS e
    JOIN campaigns AS c ON c.id = e.campaign_id
    WINDOW by_day AS (PARTITION BY e.campaign_id ORDER BY e.as_of)
  ) AS daily
  GROUP BY advertiser_id, day;
  INSERT INTO portal_daily_figures (day, amount_spent_cents, ad_cost_cents, followers_count, posts, total_reach, post_reach, story_reach, total_impressions, post_impressions, story_impressions, post_likes, post_comments, post_shares, post_saves, story_account_taps, stories_with_link, link_clicks, lead_generated)
  SELECT day, sum(amount_spent_cents), sum(ad_cost_cents), sum(followers_count), sum(posts), sum(total_reach), sum(post_reach), sum(story_reach), sum(total_impressions), sum(post_impressions), sum(story_impressions), sum(post_likes), sum(post_comments), sum(post_shares), sum(post_saves), sum(story_account_taps), sum(stories_with_link), sum(link_clicks), sum(lead_generated) FROM customer_daily_figures GROUP BY day;
$$;

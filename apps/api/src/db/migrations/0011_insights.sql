CREATE TABLE "customer_daily_figures" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"amount_spent_cents" bigint NOT NULL,
	"ad_cost_cents" bigint NOT NULL,
	"followers_count" bigint NOT NULL,
	"posts" bigint NOT NULL,
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
	CONSTRAINT "customer_daily_figures_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "portal_daily_figures" (
	"day" date PRIMARY KEY NOT NULL,
	"amount_spent_cents" bigint NOT NULL,
	"ad_cost_cents" bigint NOT NULL,
	"followers_count" bigint NOT NULL,
	"posts" bigint NOT NULL,
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
	"lead_generated" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_tab_counts" (
	"tab" varchar(8) PRIMARY KEY NOT NULL,
	"campaigns" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_daily_figures" ADD CONSTRAINT "customer_daily_figures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_user_analytics_idx" ON "campaigns" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "campaigns"."approval_status" = 'approved' AND "campaigns"."deleted_at" IS NULL;--> statement-breakpoint
-- The review queue's tab of a campaign (docs/product/review.md, Review queue); null for drafts.
CREATE FUNCTION "review_tab"(approval_status varchar, archived_at timestamptz) RETURNS varchar
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN approval_status = 'pending' AND archived_at IS NULL THEN 'pending'
    WHEN approval_status = 'approved' THEN 'active'
    WHEN approval_status = 'declined' THEN 'declined'
  END
$$;--> statement-breakpoint
-- Keeps review_tab_counts true after every statement on campaigns. Only tabs whose count
-- changes are written, so ordinary edits of a campaign never lock a counter row; rows are
-- updated in tab order, so two statements changing the same tabs cannot deadlock.
CREATE FUNCTION "review_tab_counts_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  net record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR net IN
      SELECT review_tab(approval_status, archived_at) AS tab, count(*) AS n FROM new_rows
      GROUP BY 1 HAVING review_tab(approval_status, archived_at) IS NOT NULL ORDER BY 1
    LOOP
      UPDATE review_tab_counts SET campaigns = campaigns + net.n WHERE tab = net.tab;
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR net IN
      SELECT review_tab(approval_status, archived_at) AS tab, count(*) AS n FROM old_rows
      GROUP BY 1 HAVING review_tab(approval_status, archived_at) IS NOT NULL ORDER BY 1
    LOOP
      UPDATE review_tab_counts SET campaigns = campaigns - net.n WHERE tab = net.tab;
    END LOOP;
  ELSE
    FOR net IN
      SELECT tab, sum(n) AS n FROM (
        SELECT review_tab(approval_status, archived_at) AS tab, 1 AS n FROM new_rows
        UNION ALL SELECT review_tab(approval_status, archived_at), -1 FROM old_rows
      ) AS changes
      WHERE tab IS NOT NULL GROUP BY tab HAVING sum(n) <> 0 ORDER BY tab
    LOOP
      UPDATE review_tab_counts SET campaigns = campaigns + net.n WHERE tab = net.tab;
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "review_tab_counts_insert" AFTER INSERT ON "campaigns"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "review_tab_counts_keep"();--> statement-breakpoint
CREATE TRIGGER "review_tab_counts_update" AFTER UPDATE ON "campaigns"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "review_tab_counts_keep"();--> statement-breakpoint
CREATE TRIGGER "review_tab_counts_delete" AFTER DELETE ON "campaigns"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "review_tab_counts_keep"();--> statement-breakpoint
INSERT INTO "review_tab_counts" ("tab", "campaigns")
  SELECT tab, (SELECT count(*) FROM campaigns WHERE review_tab(approval_status, archived_at) = tab)
  FROM (VALUES ('pending'), ('active'), ('declined')) AS tabs(tab);
--> statement-breakpoint
-- Works both daily ledgers out again from every entry: for each campaign and day, the newest
-- entry of the day minus the one of the campaign's previous day with entries. The API keeps
-- the ledgers entry by entry; this is for loading many entries at once, and for checking.
CREATE FUNCTION "rebuild_daily_figures"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM customer_daily_figures;
  DELETE FROM portal_daily_figures;
  INSERT INTO customer_daily_figures (user_id, day, amount_spent_cents, ad_cost_cents, followers_count, posts, total_reach, post_reach, story_reach, total_impressions, post_impressions, story_impressions, post_likes, post_comments, post_shares, post_saves, story_account_taps, stories_with_link, link_clicks, lead_generated)
  SELECT user_id, day, sum(amount_spent_cents), sum(ad_cost_cents), sum(followers_count), sum(posts), sum(total_reach), sum(post_reach), sum(story_reach), sum(total_impressions), sum(post_impressions), sum(story_impressions), sum(post_likes), sum(post_comments), sum(post_shares), sum(post_saves), sum(story_account_taps), sum(stories_with_link), sum(link_clicks), sum(lead_generated)
  FROM (
    SELECT c.user_id, e.as_of AS day,
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
  GROUP BY user_id, day;
  INSERT INTO portal_daily_figures (day, amount_spent_cents, ad_cost_cents, followers_count, posts, total_reach, post_reach, story_reach, total_impressions, post_impressions, story_impressions, post_likes, post_comments, post_shares, post_saves, story_account_taps, stories_with_link, link_clicks, lead_generated)
  SELECT day, sum(amount_spent_cents), sum(ad_cost_cents), sum(followers_count), sum(posts), sum(total_reach), sum(post_reach), sum(story_reach), sum(total_impressions), sum(post_impressions), sum(story_impressions), sum(post_likes), sum(post_comments), sum(post_shares), sum(post_saves), sum(story_account_taps), sum(stories_with_link), sum(link_clicks), sum(lead_generated) FROM customer_daily_figures GROUP BY day;
$$;

CREATE TABLE "advertiser_members" (
	"advertiser_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" varchar(10) NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "advertiser_members_advertiser_id_user_id_pk" PRIMARY KEY("advertiser_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "advertisers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"suspended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"advertiser_id" integer,
	"email" varchar(254) NOT NULL,
	"role" varchar(10),
	"token_hash" varchar(64) NOT NULL,
	"invited_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "billing_details" ADD COLUMN "advertiser_id" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "advertiser_id" integer;--> statement-breakpoint
ALTER TABLE "media_files" ADD COLUMN "advertiser_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "advertiser_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "advertiser_id" integer;--> statement-breakpoint
ALTER TABLE "customer_daily_figures" ADD COLUMN "advertiser_id" integer;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD COLUMN "advertiser_id" integer;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "advertiser_id" integer;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "advertiser_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "advertiser_id" integer;--> statement-breakpoint
ALTER TABLE "advertiser_members" ADD CONSTRAINT "advertiser_members_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advertiser_members" ADD CONSTRAINT "advertiser_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "advertiser_members_user_idx" ON "advertiser_members" USING btree ("user_id","joined_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_unique" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_one_open_per_email" ON "invitations" USING btree (coalesce("advertiser_id", 0),"email") WHERE "invitations"."accepted_at" IS NULL AND "invitations"."withdrawn_at" IS NULL;--> statement-breakpoint
ALTER TABLE "billing_details" ADD CONSTRAINT "billing_details_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_daily_figures" ADD CONSTRAINT "customer_daily_figures_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every customer becomes the owner of a one-person advertiser account that owns what was theirs
-- (docs/product/teams.md). Each such account takes its owner's user id, so that one pass moves
-- every row; nothing relies on the two ids being equal afterwards.
INSERT INTO "advertisers" ("id", "name", "created_at")
SELECT u."id",
       left(coalesce(nullif(b."business_name", ''), nullif(trim(concat_ws(' ', u."first_name", u."last_name")), ''), u."email"), 100),
       u."created_at"
FROM "users" u LEFT JOIN "billing_details" b ON b."user_id" = u."id"
WHERE u."role_id" <> 1;--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('advertisers', 'id'), coalesce(max("id"), 0) + 1, false) FROM "advertisers";--> statement-breakpoint
INSERT INTO "advertiser_members" ("advertiser_id", "user_id", "role", "joined_at")
SELECT "id", "id", 'owner', "created_at" FROM "users" WHERE "role_id" <> 1;--> statement-breakpoint
UPDATE "campaigns" SET "advertiser_id" = "user_id";--> statement-breakpoint
UPDATE "media_files" SET "advertiser_id" = "user_id";--> statement-breakpoint
UPDATE "billing_details" SET "advertiser_id" = "user_id" WHERE "user_id" IN (SELECT "id" FROM "advertisers");--> statement-breakpoint
DELETE FROM "billing_details" WHERE "advertiser_id" IS NULL;--> statement-breakpoint
UPDATE "customer_daily_figures" SET "advertiser_id" = "user_id";--> statement-breakpoint
UPDATE "payment_customers" SET "advertiser_id" = "user_id";--> statement-breakpoint
UPDATE "payment_methods" SET "advertiser_id" = "user_id";--> statement-breakpoint
UPDATE "payment_links" SET "advertiser_id" = "user_id";--> statement-breakpoint
UPDATE "payments" SET "advertiser_id" = "user_id";--> statement-breakpoint
UPDATE "notifications" SET "advertiser_id" = "user_id" WHERE "user_id" IN (SELECT "id" FROM "advertisers");--> statement-breakpoint
-- The trail is append-only (migration 0009); this one pass tells each campaign's rows their account.
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_append_only";--> statement-breakpoint
UPDATE "audit_log" a SET "advertiser_id" = c."advertiser_id"
FROM "campaigns" c WHERE a."subject_type" = 'campaign' AND a."subject_id" = c."id";--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_append_only";

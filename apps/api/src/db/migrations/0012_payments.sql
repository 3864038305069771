CREATE TABLE "payment_customers" (
	"user_id" integer NOT NULL,
	"provider" varchar(10) NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"token" varchar(64) NOT NULL,
	"url" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"covers_days" smallint,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" varchar(10) NOT NULL,
	"provider_method_id" text NOT NULL,
	"brand" varchar(20) NOT NULL,
	"last4" varchar(4) NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"link_id" integer NOT NULL,
	"provider" varchar(10) NOT NULL,
	"transaction_id" text NOT NULL,
	"status" varchar(30) NOT NULL,
	"amount_cents" bigint NOT NULL,
	"card_brand" varchar(20),
	"card_last4" varchar(4),
	"campaign_name" text NOT NULL,
	"billing" jsonb NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"covers_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"brand" varchar(20) NOT NULL,
	"last4" varchar(4) NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"declines" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_setup_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"secret_hash" text NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "date_paid" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "paid_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_link_id_payment_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."payment_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_customers_user_provider_unique" ON "payment_customers" USING btree ("user_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_customers_customer_unique" ON "payment_customers" USING btree ("provider","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_token_unique" ON "payment_links" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_one_open_per_campaign" ON "payment_links" USING btree ("campaign_id") WHERE "payment_links"."status" = 'open';--> statement-breakpoint
CREATE INDEX "payment_links_open_user_idx" ON "payment_links" USING btree ("user_id") WHERE "payment_links"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_provider_unique" ON "payment_methods" USING btree ("provider","provider_method_id");--> statement-breakpoint
CREATE INDEX "payment_methods_user_idx" ON "payment_methods" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "payments_link_unique" ON "payments" USING btree ("link_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_transaction_unique" ON "payments" USING btree ("provider","transaction_id");--> statement-breakpoint
CREATE INDEX "payments_user_paid_idx" ON "payments" USING btree ("user_id","paid_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "campaigns_paid_until_idx" ON "campaigns" USING btree ("paid_until") WHERE "campaigns"."paid_until" IS NOT NULL;
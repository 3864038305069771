CREATE TABLE "payment_settings" (
	"advertiser_id" integer PRIMARY KEY NOT NULL,
	"default_method_id" integer,
	"auto_pay_since" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_charges" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "auto_attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "auto_next_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "auto_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "auto_outcome" varchar(16);--> statement-breakpoint
ALTER TABLE "sandbox_payment_methods" ADD COLUMN "asks_authentication" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD CONSTRAINT "payment_settings_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_settings" ADD CONSTRAINT "payment_settings_default_method_id_payment_methods_id_fk" FOREIGN KEY ("default_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;
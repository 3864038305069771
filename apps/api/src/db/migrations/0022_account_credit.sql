CREATE TABLE "account_credits" (
	"advertiser_id" integer PRIMARY KEY NOT NULL,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "account_credits_balance_not_negative" CHECK ("account_credits"."balance_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "credit_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "account_credits" ADD CONSTRAINT "account_credits_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE cascade ON UPDATE no action;
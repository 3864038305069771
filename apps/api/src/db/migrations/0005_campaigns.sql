CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"objective" varchar(20) NOT NULL,
	"budget_type" varchar(10) NOT NULL,
	"budget_amount" numeric(12, 2) NOT NULL,
	"keywords" text[] NOT NULL,
	"approval_status" varchar(10) DEFAULT 'draft' NOT NULL,
	"decline_reason" text,
	"on_off" varchar(3) DEFAULT 'on' NOT NULL,
	"payment_status" varchar(6) DEFAULT 'unpaid' NOT NULL,
	"archived_at" timestamp with time zone,
	"published_on" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_one_draft_per_user" ON "campaigns" USING btree ("user_id") WHERE "campaigns"."approval_status" = 'draft';--> statement-breakpoint
CREATE INDEX "campaigns_user_created_idx" ON "campaigns" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "campaigns_draft_updated_idx" ON "campaigns" USING btree ("updated_at") WHERE "campaigns"."approval_status" = 'draft';
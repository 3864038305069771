CREATE TABLE "alert_email_settings" (
	"user_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"email" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_email_settings_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "campaign_alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"key" varchar(40) NOT NULL,
	"raised_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "alert_email_settings" ADD CONSTRAINT "alert_email_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_alerts" ADD CONSTRAINT "campaign_alerts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_alerts_once" ON "campaign_alerts" USING btree ("campaign_id","kind","key");--> statement-breakpoint
CREATE INDEX "payments_campaign_idx" ON "payments" USING btree ("campaign_id");
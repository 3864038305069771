CREATE TABLE "ad_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"ad_title" text NOT NULL,
	"ad_description" text NOT NULL,
	"destination_url" varchar(2048) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_templates" ADD CONSTRAINT "ad_templates_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_templates_campaign_unique" ON "ad_templates" USING btree ("campaign_id");
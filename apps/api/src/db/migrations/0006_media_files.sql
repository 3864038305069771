CREATE TABLE "media_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"content_type" varchar(20) NOT NULL,
	"size" bigint NOT NULL,
	"campaign_id" integer,
	"position" smallint,
	"issued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_files_key_unique" ON "media_files" USING btree ("key");--> statement-breakpoint
CREATE INDEX "media_files_campaign_idx" ON "media_files" USING btree ("campaign_id","position");--> statement-breakpoint
CREATE INDEX "media_files_user_idx" ON "media_files" USING btree ("user_id");
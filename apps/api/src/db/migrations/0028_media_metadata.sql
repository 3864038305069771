ALTER TABLE "media_files" ADD COLUMN "metadata_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media_files" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "media_files" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "media_files" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "media_files" ADD COLUMN "container" varchar(10);--> statement-breakpoint
ALTER TABLE "media_files" ADD COLUMN "codec" varchar(40);
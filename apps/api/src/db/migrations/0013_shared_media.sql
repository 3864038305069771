DROP INDEX "media_files_key_unique";--> statement-breakpoint
CREATE INDEX "media_files_key_idx" ON "media_files" USING btree ("key");
ALTER TABLE "mail_queue" ADD COLUMN "request_id" varchar(64);--> statement-breakpoint
ALTER TABLE "domain_events" ADD COLUMN "request_id" varchar(64);
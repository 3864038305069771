-- Messages are now stored as a template name and parameters and rendered when sent. Messages
-- still waiting keep their words whole as the pre_rendered template; sent ones keep only their
-- metadata.
ALTER TABLE "mail_queue" ALTER COLUMN "subject" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_queue" ALTER COLUMN "text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_queue" ALTER COLUMN "html" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "template" varchar(40) NOT NULL DEFAULT 'pre_rendered';--> statement-breakpoint
ALTER TABLE "mail_queue" ALTER COLUMN "template" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "params" jsonb;--> statement-breakpoint
UPDATE "mail_queue" SET "params" = jsonb_build_object('subject', "subject", 'text', "text", 'html', "html")
  WHERE "sent_at" IS NULL AND "failed_at" IS NULL;

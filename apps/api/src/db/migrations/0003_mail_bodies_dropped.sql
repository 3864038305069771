ALTER TABLE "mail_queue" DROP COLUMN "text";--> statement-breakpoint
ALTER TABLE "mail_queue" DROP COLUMN "html";
CREATE TABLE "invoice_sequences" (
	"series" varchar(12) NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_sequences_series_year_pk" PRIMARY KEY("series","year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"advertiser_id" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"number" varchar(24) NOT NULL,
	"payment_id" integer NOT NULL,
	"refund_id" integer,
	"credited_invoice_id" integer,
	"reason" text,
	"issued_at" timestamp with time zone NOT NULL,
	"seller" jsonb NOT NULL,
	"billing" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal_cents" bigint NOT NULL,
	"tax_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"tax_rate" numeric(6, 3) NOT NULL,
	"tax_mode" varchar(10) NOT NULL,
	CONSTRAINT "invoices_total_is_net_and_tax" CHECK ("invoices"."subtotal_cents" + "invoices"."tax_cents" = "invoices"."total_cents"),
	CONSTRAINT "invoices_kind_fields" CHECK (("invoices"."kind" = 'invoice' and "invoices"."refund_id" is null) or ("invoices"."kind" = 'credit_note' and "invoices"."refund_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_advertiser_id_advertisers_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."advertisers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credited_invoice_id_invoices_id_fk" FOREIGN KEY ("credited_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_number_unique" ON "invoices" USING btree ("kind","year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_payment" ON "invoices" USING btree ("payment_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_refund" ON "invoices" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "invoices_advertiser_issued_idx" ON "invoices" USING btree ("advertiser_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_payment_idx" ON "invoices" USING btree ("payment_id");--> statement-breakpoint
-- Issued documents are kept as issued: the database itself refuses any statement that would
-- change, delete or empty them (a statement trigger, so it refuses even one that matches no row).
CREATE FUNCTION "invoices_as_issued"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'invoices cannot be changed or deleted once issued'; END; $$;--> statement-breakpoint
CREATE TRIGGER "invoices_as_issued" BEFORE UPDATE OR DELETE OR TRUNCATE ON "invoices" FOR EACH STATEMENT EXECUTE FUNCTION "invoices_as_issued"();
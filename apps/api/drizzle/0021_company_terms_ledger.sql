CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"reference" text NOT NULL,
	"purchase_id" uuid,
	"reason" text,
	"created_by" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind_check" CHECK ("ledger_entries"."kind" in ('invoice', 'payment', 'credit_note', 'adjustment')),
	CONSTRAINT "ledger_entries_sign_check" CHECK (case "ledger_entries"."kind" when 'invoice' then "ledger_entries"."amount" > 0 when 'adjustment' then "ledger_entries"."amount" <> 0 and "ledger_entries"."reason" is not null else "ledger_entries"."amount" < 0 end)
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "payment_terms" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "credit_limit" bigint;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "on_hold" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "balance" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_company_id_seq_idx" ON "ledger_entries" USING btree ("company_id","seq");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_payment_terms_check" CHECK ("companies"."payment_terms" in ('card', 'net15', 'net30', 'net45', 'net60'));--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_credit_limit_check" CHECK ("companies"."credit_limit" IS NULL OR "companies"."credit_limit" >= 0);--> statement-breakpoint
-- The ledger is append-only in the database itself (docs/decisions/043): whatever code or
-- hand-written statement tries to change or remove an entry, or empty the table, fails, so a
-- company's history only grows; a mistake is corrected by a new entry (an adjustment).
CREATE FUNCTION "ledger_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger entries are append-only: % refused', TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_update_or_delete" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION "ledger_entries_append_only"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entries_append_only"();

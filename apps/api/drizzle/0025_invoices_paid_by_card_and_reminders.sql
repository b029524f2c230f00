CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"invoice_ids" uuid[] NOT NULL,
	"amount" bigint NOT NULL,
	"fingerprint" text NOT NULL,
	"intent_id" text,
	"entry_id" uuid,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "invoice_payments_intent_id_unique" UNIQUE("intent_id"),
	CONSTRAINT "invoice_payments_amount_check" CHECK ("invoice_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
	"purchase_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"week" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_reminders_purchase_id_kind_week_pk" PRIMARY KEY("purchase_id","kind","week"),
	CONSTRAINT "invoice_reminders_kind_check" CHECK ("invoice_reminders"."kind" in ('before', 'due', 'overdue'))
);
--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "invoice_payment_id" uuid;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_open_idx" ON "invoice_payments" USING btree ("company_id") WHERE "invoice_payments"."entry_id" is null and "invoice_payments"."closed_at" is null;
DROP INDEX "purchases_line_state_idx";--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "payment_terms" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "amount_due" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "purchases_open_invoices_idx" ON "purchases" USING btree ("company_id","due_date") WHERE "purchases"."amount_due" > 0;--> statement-breakpoint
CREATE INDEX "purchases_line_state_idx" ON "purchases" USING btree ("line_state","amount_due");--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_payment_terms_check" CHECK ("purchases"."payment_terms" in ('card', 'net15', 'net30', 'net45', 'net60'));--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_amount_due_check" CHECK ("purchases"."amount_due" >= 0);
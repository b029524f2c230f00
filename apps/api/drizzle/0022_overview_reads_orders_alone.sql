DROP INDEX "orders_paid_at_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The lines placed before: their purchase's company. No line's state changes, so the line-state
-- trigger (migration 0020) is left out of it rather than run over every purchase.
ALTER TABLE "orders" DISABLE TRIGGER "orders_line_state_update";--> statement-breakpoint
UPDATE "orders" AS o SET "company_id" = p."company_id"
FROM "purchases" AS p
WHERE p."id" = o."purchase_id" AND p."company_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ENABLE TRIGGER "orders_line_state_update";--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at","price","quantity","shipping_charge","tax","purchase_id","company_id","product_id","product_name","email") WHERE "orders"."paid" = true;

DROP INDEX "orders_paid_created_at_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
-- Orders placed before the column existed keep the hold they had: placed + ORDER_HOLD_HOURS,
-- at its default of 48 hours (a migration cannot read the environment). Paid orders hold nothing.
UPDATE "orders" SET "hold_expires_at" = "created_at" + interval '48 hours' WHERE "paid" = false;--> statement-breakpoint
CREATE INDEX "orders_paid_hold_expires_at_idx" ON "orders" USING btree ("paid","hold_expires_at");

DROP INDEX "orders_paid_hold_expires_at_idx";--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at","price","quantity","product_id","product_name","email") WHERE "orders"."paid" = true;--> statement-breakpoint
CREATE INDEX "orders_shipped_at_idx" ON "orders" USING btree ("shipped_at") WHERE "orders"."shipping" = true;--> statement-breakpoint
CREATE INDEX "products_low_stock_idx" ON "products" USING btree (("available" - "low_stock_threshold"));--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_paid_hold_expires_at_idx" ON "orders" USING btree ("paid","hold_expires_at","quantity");
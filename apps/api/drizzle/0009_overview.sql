CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."paid" = true;--> statement-breakpoint
CREATE INDEX "products_low_stock_idx" ON "products" USING btree (("available" - "low_stock_threshold"));--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");
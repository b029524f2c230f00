ALTER TABLE "orders" ADD COLUMN "updated_at" timestamp (6) with time zone DEFAULT clock_timestamp() NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "updated_at" timestamp (6) with time zone DEFAULT clock_timestamp() NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "updated_at" timestamp (6) with time zone DEFAULT clock_timestamp() NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_updated_at_idx" ON "orders" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "products_updated_at_idx" ON "products" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "purchases_user_id_updated_at_idx" ON "purchases" USING btree ("user_id","updated_at","id");--> statement-breakpoint
-- Sync by change time (docs/decisions/055): `updated_at` is the database's clock at each insert
-- and update of a row, whatever statement writes it, never earlier than its transaction's start.
CREATE FUNCTION "touch_updated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."updated_at" := clock_timestamp();
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_touch_updated_at" BEFORE INSERT OR UPDATE ON "products"
  FOR EACH ROW EXECUTE FUNCTION "touch_updated_at"();--> statement-breakpoint
CREATE TRIGGER "purchases_touch_updated_at" BEFORE INSERT OR UPDATE ON "purchases"
  FOR EACH ROW EXECUTE FUNCTION "touch_updated_at"();--> statement-breakpoint
CREATE TRIGGER "orders_touch_updated_at" BEFORE INSERT OR UPDATE ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "touch_updated_at"();--> statement-breakpoint
-- A line's change is its purchase's change too (a parcel, a payment, a line cancelled): migration
-- 0020's statement trigger, which keeps the purchase's line state, now also touches the purchase
-- once a transaction (a purchase this transaction has touched already carries a time at or after
-- its start, `now()`).
CREATE OR REPLACE FUNCTION "purchases_refresh_line_state"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "purchases" AS p SET "line_state" = s.state
  FROM (
    SELECT c.purchase_id,
      (SELECT CASE
          WHEN count(*) = 0 THEN NULL
          WHEN bool_or(NOT o."paid") THEN 'unpaid'
          WHEN bool_and(o."shipping") THEN 'shipped'
          WHEN bool_or(o."shipped_quantity" > 0) THEN 'partially_shipped'
          ELSE 'paid'
        END
        FROM "orders" AS o WHERE o."purchase_id" = c.purchase_id) AS state
    FROM (SELECT DISTINCT "purchase_id" FROM "changed_lines") AS c
  ) AS s
  WHERE p."id" = s.purchase_id
    AND (p."line_state" IS DISTINCT FROM s.state OR p."updated_at" < now());
  RETURN NULL;
END
$$;

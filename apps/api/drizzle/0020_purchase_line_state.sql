ALTER TABLE "purchases" ADD COLUMN "line_state" text;--> statement-breakpoint
CREATE INDEX "purchases_line_state_idx" ON "purchases" USING btree ("line_state");--> statement-breakpoint
-- A purchase's line_state follows its lines (schema.ts purchases.lineState; purchase-serialize.ts
-- statusOf says the same): recomputed for the purchases whose lines a statement inserted, updated
-- or deleted, once per statement, and written only when it changed.
CREATE FUNCTION "purchases_refresh_line_state"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  WHERE p."id" = s.purchase_id AND p."line_state" IS DISTINCT FROM s.state;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- One trigger per event: PostgreSQL gives transition tables only to a trigger of one event.
CREATE TRIGGER "orders_line_state_insert" AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS "changed_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "purchases_refresh_line_state"();--> statement-breakpoint
CREATE TRIGGER "orders_line_state_update" AFTER UPDATE ON "orders"
  REFERENCING NEW TABLE AS "changed_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "purchases_refresh_line_state"();--> statement-breakpoint
CREATE TRIGGER "orders_line_state_delete" AFTER DELETE ON "orders"
  REFERENCING OLD TABLE AS "changed_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "purchases_refresh_line_state"();--> statement-breakpoint
-- The purchases placed before: their state from their lines as they stand.
UPDATE "purchases" AS p SET "line_state" = s.state
FROM (
  SELECT "purchase_id",
    CASE
      WHEN bool_or(NOT "paid") THEN 'unpaid'
      WHEN bool_and("shipping") THEN 'shipped'
      WHEN bool_or("shipped_quantity" > 0) THEN 'partially_shipped'
      ELSE 'paid'
    END AS state
  FROM "orders" GROUP BY "purchase_id"
) AS s
WHERE p."id" = s."purchase_id";

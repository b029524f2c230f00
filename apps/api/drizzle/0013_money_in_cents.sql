-- Issue 27 item 7 (docs/decisions/027): money is exact to the cent. Every amount was whole
-- dollars; it becomes integer cents, in 64 bits (a price of up to 2,147,483,647 dollars is
-- 214,748,364,700 cents, and sums of them go further still). The API keeps answering dollars.
ALTER TABLE "company_members" ALTER COLUMN "spending_limit" SET DATA TYPE bigint USING "spending_limit"::bigint * 100;--> statement-breakpoint
ALTER TABLE "contract_prices" ALTER COLUMN "price" SET DATA TYPE bigint USING "price"::bigint * 100;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "unit_price" SET DATA TYPE bigint USING "unit_price"::bigint * 100, ALTER COLUMN "price" SET DATA TYPE bigint USING "price"::bigint * 100;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "price" SET DATA TYPE bigint USING "price"::bigint * 100;--> statement-breakpoint
-- The volume prices of a product, and the priced lines of a purchase waiting for approval, are
-- JSON: their prices become cents too, in the same order.
UPDATE "products" SET "price_tiers" = (
  SELECT jsonb_agg(jsonb_set(tier, '{price}', to_jsonb(("tier"->>'price')::bigint * 100)) ORDER BY position)
  FROM jsonb_array_elements("products"."price_tiers") WITH ORDINALITY AS tiers(tier, position)
) WHERE jsonb_array_length("price_tiers") > 0;--> statement-breakpoint
UPDATE "purchases" SET "awaiting_lines" = (
  SELECT jsonb_agg(jsonb_set(line, '{unitPrice}', to_jsonb(("line"->>'unitPrice')::bigint * 100)) ORDER BY position)
  FROM jsonb_array_elements("purchases"."awaiting_lines") WITH ORDINALITY AS lines(line, position)
) WHERE "awaiting_lines" IS NOT NULL AND jsonb_array_length("awaiting_lines") > 0;

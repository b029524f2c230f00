-- Manage All Orders' search (ILIKE '%...%') through trigram indexes. pg_trgm ships with PostgreSQL
-- and is a trusted extension (the database's owner may create it); PGlite loads its build of it
-- (src/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (name || E'\n' || email || E'\n' || product_name || E'\n' || purchase_number) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "search_text" text GENERATED ALWAYS AS (coalesce(po_number, '') || E'\n' || coalesce(company, '')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_search_text_trgm_idx" ON "orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "purchases_search_text_trgm_idx" ON "purchases" USING gin ("search_text" gin_trgm_ops);
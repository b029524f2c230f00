CREATE SEQUENCE "public"."purchase_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
-- PW- and at least six digits (lpad alone would cut a seventh digit off).
CREATE FUNCTION next_purchase_number() RETURNS text LANGUAGE sql AS $$
  SELECT 'PW-' || lpad(v::text, greatest(6, length(v::text)), '0') FROM nextval('purchase_number_seq') AS v
$$;--> statement-breakpoint
CREATE TABLE "email_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "email_jobs_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"to" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "purchases_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"number" text DEFAULT next_purchase_number() NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"po_number" text,
	"company" text,
	"tax_id" text,
	"invoice_number" text,
	"invoiced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchases_number_unique" UNIQUE("number"),
	CONSTRAINT "purchases_invoice_number_unique" UNIQUE("invoice_number")
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_intent_id_unique";--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "unit_price" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "purchase_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "purchase_number" text;--> statement-breakpoint
-- Every order placed before purchases existed becomes a purchase of one line (as POST /order
-- makes now), numbered in the order they were placed, with the order's id as the purchase's.
UPDATE "orders" SET "unit_price" = "price" / "quantity";--> statement-breakpoint
INSERT INTO "purchases" ("id", "user_id", "name", "email", "phone", "address", "created_at")
  SELECT "id", "user_id", "name", "email", "number", "address", "created_at" FROM "orders" ORDER BY "seq";--> statement-breakpoint
UPDATE "orders" SET "purchase_id" = "purchases"."id", "purchase_number" = "purchases"."number"
  FROM "purchases" WHERE "purchases"."id" = "orders"."id";--> statement-breakpoint
-- Those already paid get their invoice numbers now, in the order they were paid, per year.
WITH "numbered" AS (
  SELECT "id", coalesce("paid_at", "created_at") AS "paid",
    row_number() OVER (PARTITION BY extract(year FROM coalesce("paid_at", "created_at")) ORDER BY coalesce("paid_at", "created_at"), "seq") AS "n"
  FROM "orders" WHERE "paid" = true
)
UPDATE "purchases" SET
  "invoice_number" = 'INV-' || extract(year FROM "numbered"."paid")::int || '-' || lpad("numbered"."n"::text, greatest(5, length("numbered"."n"::text)), '0'),
  "invoiced_at" = "numbered"."paid"
  FROM "numbered" WHERE "purchases"."id" = "numbered"."id";--> statement-breakpoint
INSERT INTO "invoice_counters" ("year", "last")
  SELECT extract(year FROM "invoiced_at")::int, count(*) FROM "purchases" WHERE "invoice_number" IS NOT NULL GROUP BY 1;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "unit_price" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "purchase_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "purchase_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "purchase_id" uuid;--> statement-breakpoint
ALTER TABLE "user_info" ADD COLUMN "company" text;--> statement-breakpoint
ALTER TABLE "user_info" ADD COLUMN "tax_id" text;--> statement-breakpoint
ALTER TABLE "user_info" ADD COLUMN "billing_address" text;--> statement-breakpoint
ALTER TABLE "user_info" ADD COLUMN "shipping_address" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_jobs_sent_at_next_attempt_at_idx" ON "email_jobs" USING btree ("sent_at","next_attempt_at");--> statement-breakpoint
CREATE INDEX "purchases_user_id_seq_idx" ON "purchases" USING btree ("user_id","seq");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_purchase_id_idx" ON "orders" USING btree ("purchase_id");--> statement-breakpoint
CREATE INDEX "orders_payment_intent_id_idx" ON "orders" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE INDEX "orders_seq_idx" ON "orders" USING btree ("seq");
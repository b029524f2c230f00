CREATE TABLE "shipment_lines" (
	"shipment_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "shipment_lines_shipment_id_order_id_pk" PRIMARY KEY("shipment_id","order_id"),
	CONSTRAINT "shipment_lines_quantity_check" CHECK ("shipment_lines"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "shipments_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"purchase_id" uuid NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"shipped_by" text,
	"shipped_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_lines_order_id_idx" ON "shipment_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shipments_purchase_id_idx" ON "shipments" USING btree ("purchase_id");--> statement-breakpoint
-- Lines shipped before shipments were kept: each becomes a shipment of its own, whole.
UPDATE "orders" SET "shipped_quantity" = "quantity" WHERE "shipping" = true;--> statement-breakpoint
WITH "shipped" AS MATERIALIZED (
	SELECT gen_random_uuid() AS "shipment_id", "id" AS "order_id", "purchase_id", "quantity", "carrier", "tracking_number", coalesce("shipped_at", "created_at") AS "at"
	FROM "orders" WHERE "shipping" = true
), "made" AS (
	INSERT INTO "shipments" ("id", "purchase_id", "carrier", "tracking_number", "shipped_at")
	SELECT "shipment_id", "purchase_id", "carrier", "tracking_number", "at" FROM "shipped"
)
INSERT INTO "shipment_lines" ("shipment_id", "order_id", "quantity")
SELECT "shipment_id", "order_id", "quantity" FROM "shipped";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipped_quantity_check" CHECK ("orders"."shipped_quantity" >= 0 and "orders"."shipped_quantity" <= "orders"."quantity" and "orders"."shipping" = ("orders"."shipped_quantity" = "orders"."quantity"));
CREATE TABLE "shipping_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "shipping_methods_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"carrier" text NOT NULL,
	"countries" jsonb NOT NULL,
	"flat_price" bigint,
	"weight_bands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"free_above" bigint,
	"days_min" integer NOT NULL,
	"days_max" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_methods_flat_price_check" CHECK ("shipping_methods"."flat_price" IS NULL OR "shipping_methods"."flat_price" >= 0),
	CONSTRAINT "shipping_methods_free_above_check" CHECK ("shipping_methods"."free_above" IS NULL OR "shipping_methods"."free_above" >= 0),
	CONSTRAINT "shipping_methods_pricing_check" CHECK (("shipping_methods"."flat_price" IS NULL) <> (jsonb_array_length("shipping_methods"."weight_bands") = 0)),
	CONSTRAINT "shipping_methods_days_check" CHECK ("shipping_methods"."days_min" >= 0 AND "shipping_methods"."days_max" >= "shipping_methods"."days_min")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_grams" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_weight_grams_check" CHECK ("products"."weight_grams" >= 0);
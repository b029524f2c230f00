CREATE TABLE "credit_note_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "credit_notes_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"purchase_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal" bigint NOT NULL,
	"shipping" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"total" bigint NOT NULL,
	"refund_id" text,
	"refund_status" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_number_unique" UNIQUE("number"),
	CONSTRAINT "credit_notes_amounts_check" CHECK ("credit_notes"."subtotal" >= 0 and "credit_notes"."shipping" >= 0 and "credit_notes"."tax" >= 0 and "credit_notes"."total" = "credit_notes"."subtotal" + "credit_notes"."shipping" + "credit_notes"."tax")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_charge" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "shipping_method" jsonb;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "tax_treatment" jsonb;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "seller_tax_id" text;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_notes_purchase_id_idx" ON "credit_notes" USING btree ("purchase_id","seq");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_charges_check" CHECK ("orders"."shipping_charge" >= 0 and "orders"."tax" >= 0);
CREATE TABLE "tax_exemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "tax_exemptions_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"region" text NOT NULL,
	"certificate_number" text NOT NULL,
	"expires_on" date NOT NULL,
	"file" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_exemptions_status_check" CHECK ("tax_exemptions"."status" in ('pending', 'approved', 'refused')),
	CONSTRAINT "tax_exemptions_refused_reason_check" CHECK ("tax_exemptions"."status" <> 'refused' OR "tax_exemptions"."reason" IS NOT NULL),
	CONSTRAINT "tax_exemptions_reviewed_check" CHECK (("tax_exemptions"."status" = 'pending') = ("tax_exemptions"."reviewed_at" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"region" text PRIMARY KEY NOT NULL,
	"rate_micros" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rates_rate_check" CHECK ("tax_rates"."rate_micros" >= 0 AND "tax_rates"."rate_micros" < 1000000),
	CONSTRAINT "tax_rates_region_check" CHECK ("tax_rates"."region" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
ALTER TABLE "tax_exemptions" ADD CONSTRAINT "tax_exemptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_exemptions_company_id_seq_idx" ON "tax_exemptions" USING btree ("company_id","seq");--> statement-breakpoint
CREATE INDEX "tax_exemptions_status_seq_idx" ON "tax_exemptions" USING btree ("status","seq");
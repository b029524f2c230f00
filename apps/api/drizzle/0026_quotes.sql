CREATE TABLE "quote_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "quote_messages_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"quote_id" uuid NOT NULL,
	"from_shop" boolean NOT NULL,
	"author" text NOT NULL,
	"text" text NOT NULL,
	"target_prices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_versions" (
	"quote_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"note" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expiry_notice_at" timestamp with time zone,
	CONSTRAINT "quote_versions_quote_id_version_pk" PRIMARY KEY("quote_id","version")
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "quotes_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"number" text NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company_id" uuid,
	"location_id" uuid,
	"status" text DEFAULT 'requested' NOT NULL,
	"lines" jsonb NOT NULL,
	"latest_version" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"offer_subtotal" bigint,
	"accepted_version" integer,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_number_unique" UNIQUE("number"),
	CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" in ('requested', 'offered', 'accepted', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "quote_id" uuid;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "quote_number" text;--> statement-breakpoint
ALTER TABLE "quote_messages" ADD CONSTRAINT "quote_messages_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_versions" ADD CONSTRAINT "quote_versions_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_location_id_company_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."company_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_messages_quote_id_seq_idx" ON "quote_messages" USING btree ("quote_id","seq");--> statement-breakpoint
CREATE INDEX "quote_versions_expiry_notice_idx" ON "quote_versions" USING btree ("expires_at") WHERE "quote_versions"."expiry_notice_at" is null;--> statement-breakpoint
CREATE INDEX "quotes_company_id_seq_idx" ON "quotes" USING btree ("company_id","seq");--> statement-breakpoint
CREATE INDEX "quotes_user_id_seq_idx" ON "quotes" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "quotes_status_seq_idx" ON "quotes" USING btree ("status","seq");--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_quote_id_idx" ON "purchases" USING btree ("quote_id") WHERE "purchases"."quote_id" is not null;
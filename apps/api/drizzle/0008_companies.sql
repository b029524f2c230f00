CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "companies_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"tax_id" text,
	"billing_address" text,
	"shipping_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_members" (
	"company_id" uuid NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"role" text NOT NULL,
	"spending_limit" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_members_email_unique" UNIQUE("email"),
	CONSTRAINT "company_members_role_check" CHECK ("company_members"."role" in ('owner', 'buyer', 'approver')),
	CONSTRAINT "company_members_spending_limit_check" CHECK ("company_members"."spending_limit" IS NULL OR "company_members"."spending_limit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "contract_prices" (
	"company_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"price" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_prices_company_id_product_id_pk" PRIMARY KEY("company_id","product_id"),
	CONSTRAINT "contract_prices_price_check" CHECK ("contract_prices"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "billing_address" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "awaiting_lines" jsonb;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_prices" ADD CONSTRAINT "contract_prices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_prices" ADD CONSTRAINT "contract_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree ("name");--> statement-breakpoint
CREATE INDEX "company_members_company_id_idx" ON "company_members" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchases_company_id_seq_idx" ON "purchases" USING btree ("company_id","seq");
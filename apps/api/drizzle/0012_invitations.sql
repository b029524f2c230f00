ALTER TABLE "company_members" DROP CONSTRAINT "company_members_email_unique";--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_company_id_email_pk" PRIMARY KEY("company_id","email");--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "invitations_day" date;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "invitations_today" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_members" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_members" ADD COLUMN "invited_by" text;--> statement-breakpoint
-- Issue 27: nobody joins without saying yes. A row with no account yet was an invitation
-- waiting; it stays one, now to be accepted.
UPDATE "company_members" SET "status" = 'invited' WHERE "user_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "company_members_active_email_idx" ON "company_members" USING btree ("email") WHERE "company_members"."status" = 'active';--> statement-breakpoint
CREATE INDEX "company_members_email_idx" ON "company_members" USING btree ("email");--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_status_check" CHECK ("company_members"."status" in ('invited', 'active'));--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_active_user_check" CHECK ("company_members"."status" = 'invited' OR "company_members"."user_id" IS NOT NULL);
ALTER TABLE "purchases" ADD COLUMN "closed_as" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "purchases_awaiting_created_at_idx" ON "purchases" USING btree ("created_at") WHERE "purchases"."awaiting_lines" is not null and "purchases"."closed_as" is null;
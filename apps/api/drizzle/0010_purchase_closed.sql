ALTER TABLE "purchases" ADD COLUMN "closed_as" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "closed_at" timestamp with time zone;
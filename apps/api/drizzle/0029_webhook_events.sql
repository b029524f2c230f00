DROP INDEX "webhook_deliveries_due_idx";--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "overdue_told_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at","seq") WHERE "webhook_deliveries"."status" = 'pending';
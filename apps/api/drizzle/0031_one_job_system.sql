CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "jobs_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"queue" text NOT NULL,
	"kind" text NOT NULL,
	"ref" uuid,
	"order_key" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"leased_until" timestamp with time zone,
	"last_error" text,
	"finished_at" timestamp with time zone,
	"tries_from" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_state_check" CHECK ("jobs"."state" in ('pending', 'done', 'failed'))
);
--> statement-breakpoint
DROP INDEX "email_jobs_sent_at_next_attempt_at_idx";--> statement-breakpoint
DROP INDEX "webhook_deliveries_due_idx";--> statement-breakpoint
DROP INDEX "webhook_deliveries_order_idx";--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("queue","run_at","seq") WHERE "jobs"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "jobs_order_idx" ON "jobs" USING btree ("queue","order_key","seq") WHERE "jobs"."state" = 'pending' and "jobs"."order_key" is not null;--> statement-breakpoint
CREATE INDEX "jobs_ref_idx" ON "jobs" USING btree ("ref");--> statement-breakpoint
CREATE INDEX "jobs_failed_idx" ON "jobs" USING btree ("seq") WHERE "jobs"."state" = 'failed';--> statement-breakpoint
CREATE INDEX "jobs_finished_at_idx" ON "jobs" USING btree ("finished_at") WHERE "jobs"."state" = 'done';--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_schedule_idx" ON "jobs" USING btree ("kind") WHERE "jobs"."queue" = 'schedule' and "jobs"."state" = 'pending';--> statement-breakpoint
-- What the two queues of before still owed moves onto the job system, due when it was.
INSERT INTO "jobs" ("queue", "kind", "ref", "attempts", "run_at", "tries_from", "created_at")
SELECT 'email', "kind", "id", "attempts", "next_attempt_at", "created_at", "created_at"
FROM "email_jobs" WHERE "sent_at" IS NULL ORDER BY "seq";--> statement-breakpoint
INSERT INTO "jobs"
  ("queue", "kind", "ref", "order_key", "attempts", "run_at", "tries_from", "created_at")
SELECT 'webhook', "type", "id", "subscription_id"::text || '/' || "order_key", "attempts",
  "next_attempt_at", "created_at", "created_at"
FROM "webhook_deliveries" WHERE "status" = 'pending' ORDER BY "seq";

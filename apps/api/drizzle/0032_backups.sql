CREATE TABLE "backups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file" text NOT NULL,
	"trigger" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"bytes" bigint,
	"pictures" integer,
	"error" text
);
--> statement-breakpoint
CREATE INDEX "backups_finished_at_idx" ON "backups" USING btree ("finished_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_backup_idx" ON "jobs" USING btree ("kind") WHERE "jobs"."queue" = 'backup' and "jobs"."state" = 'pending';
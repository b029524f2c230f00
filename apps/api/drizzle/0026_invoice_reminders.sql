CREATE TABLE "invoice_reminders" (
	"purchase_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"week" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_reminders_purchase_id_kind_week_pk" PRIMARY KEY("purchase_id","kind","week"),
	CONSTRAINT "invoice_reminders_kind_check" CHECK ("invoice_reminders"."kind" in ('before', 'due', 'overdue'))
);
--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;
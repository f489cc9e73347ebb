CREATE TABLE "scheduled_syncs" (
	"scheduled_for" timestamp with time zone PRIMARY KEY NOT NULL,
	"job_id" integer,
	"outcome" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scheduled_syncs" ADD CONSTRAINT "scheduled_syncs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheduled_syncs_job_idx" ON "scheduled_syncs" USING btree ("job_id");
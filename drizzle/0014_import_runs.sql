CREATE TABLE "import_run_parts" (
	"run_id" integer NOT NULL,
	"part_number" text NOT NULL,
	"kind" text NOT NULL,
	"before" jsonb
);
--> statement-breakpoint
CREATE TABLE "import_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"source" text NOT NULL,
	"summary" jsonb NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "import_run_parts" ADD CONSTRAINT "import_run_parts_run_id_import_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."import_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_run_parts_run_idx" ON "import_run_parts" USING btree ("run_id");
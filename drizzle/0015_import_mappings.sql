CREATE TABLE "import_mappings" (
	"name" text PRIMARY KEY NOT NULL,
	"assignments" jsonb NOT NULL,
	"updated_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE "parts" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "applications" text;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "hand_edited_fields" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "source" text;
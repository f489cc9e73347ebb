CREATE TABLE "price_change_parts" (
	"change_id" integer NOT NULL,
	"part_id" integer NOT NULL,
	"before" numeric(12, 2),
	"after" numeric(12, 2) NOT NULL,
	"base_changed" boolean NOT NULL,
	"was_hand_edited" boolean NOT NULL,
	CONSTRAINT "price_change_parts_change_id_part_id_pk" PRIMARY KEY("change_id","part_id")
);
--> statement-breakpoint
CREATE TABLE "price_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_username" text NOT NULL,
	"price_list" integer NOT NULL,
	"summary" jsonb NOT NULL,
	"undone_at" timestamp with time zone,
	CONSTRAINT "price_changes_price_list_check" CHECK ("price_changes"."price_list" between 1 and 10)
);
--> statement-breakpoint
ALTER TABLE "price_change_parts" ADD CONSTRAINT "price_change_parts_change_id_price_changes_id_fk" FOREIGN KEY ("change_id") REFERENCES "public"."price_changes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_change_parts" ADD CONSTRAINT "price_change_parts_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_change_parts_part_idx" ON "price_change_parts" USING btree ("part_id");
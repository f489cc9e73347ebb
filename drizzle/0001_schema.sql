CREATE TABLE "carousel_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"stage" text NOT NULL,
	"collection" text NOT NULL,
	"part_id" integer NOT NULL,
	"discount_percentage" numeric(5, 2) DEFAULT '0' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carousel_discount_check" CHECK ("carousel_entries"."discount_percentage" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "catalogue_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"parent_id" integer,
	"page_number" integer,
	"is_visible" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_level_check" CHECK ("categories"."level" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "part_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"username" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parts" (
	"id" serial PRIMARY KEY NOT NULL,
	"part_number" text NOT NULL,
	"part_number_key" text GENERATED ALWAYS AS (public.portal_code_key(part_number)) STORED NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"brand" text,
	"category_id" integer,
	"category_path" text[] DEFAULT '{}'::text[] NOT NULL,
	"alternate_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"price" numeric(12, 2),
	"price_list_1" numeric(12, 2),
	"price_list_2" numeric(12, 2),
	"price_list_3" numeric(12, 2),
	"price_list_4" numeric(12, 2),
	"price_list_5" numeric(12, 2),
	"price_list_6" numeric(12, 2),
	"price_list_7" numeric(12, 2),
	"price_list_8" numeric(12, 2),
	"price_list_9" numeric(12, 2),
	"price_list_10" numeric(12, 2),
	"discount_percentage" numeric(5, 2) DEFAULT '0' NOT NULL,
	"stock_quantity" integer,
	"stock_level" text DEFAULT 'En Stock' NOT NULL,
	"sales_unit" text DEFAULT '1 unidad' NOT NULL,
	"image_url" text,
	"document_url" text,
	"video_url" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"search_text" text GENERATED ALWAYS AS (public.portal_search_text(part_number, alternate_codes, description, brand, category_path)) STORED NOT NULL,
	"description_sort_key" text GENERATED ALWAYS AS (public.portal_sort_key(description)) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"profile_type" text PRIMARY KEY NOT NULL,
	"price_list" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_price_list_check" CHECK ("profiles"."price_list" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "related_parts" (
	"part_id" integer NOT NULL,
	"related_part_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "related_parts_part_id_related_part_id_pk" PRIMARY KEY("part_id","related_part_id"),
	CONSTRAINT "related_parts_not_self" CHECK ("related_parts"."part_id" <> "related_parts"."related_part_id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"full_name" text,
	"email" text,
	"phone" text,
	"company" text,
	"client_code" text,
	"profile_type" text DEFAULT 'client' NOT NULL,
	"is_approved" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carousel_entries" ADD CONSTRAINT "carousel_entries_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_requests" ADD CONSTRAINT "part_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parts" ADD CONSTRAINT "parts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "related_parts" ADD CONSTRAINT "related_parts_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "related_parts" ADD CONSTRAINT "related_parts_related_part_id_parts_id_fk" FOREIGN KEY ("related_part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carousel_entries_key" ON "carousel_entries" USING btree ("stage","collection","part_id");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_parent_name_key" ON "categories" USING btree (coalesce("parent_id", 0),"name_key");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "part_requests_created_idx" ON "part_requests" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "parts_part_number_key" ON "parts" USING btree ("part_number");--> statement-breakpoint
CREATE INDEX "parts_part_number_key_idx" ON "parts" USING btree ("part_number_key");--> statement-breakpoint
CREATE INDEX "parts_category_idx" ON "parts" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "parts_brand_idx" ON "parts" USING btree ("brand");--> statement-breakpoint
CREATE INDEX "parts_search_trgm_idx" ON "parts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "parts_description_sort_idx" ON "parts" USING btree ("description_sort_key" collate "C","id");--> statement-breakpoint
CREATE INDEX "parts_alternate_codes_idx" ON "parts" USING gin ("alternate_codes");--> statement-breakpoint
CREATE UNIQUE INDEX "password_reset_tokens_hash_key" ON "password_reset_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree (lower("email"));
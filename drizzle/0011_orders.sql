-- Pedidos (issue 19): signed-in users' carts, sent pedidos with their lines at the prices computed at
-- send time, and each pedido's status history. A retried send with the same Idempotency-Key (per
-- account; 0 for guests) finds the first pedido through orders_idempotency_key.
CREATE TABLE "cart_lines" (
	"user_id" integer NOT NULL,
	"part_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_at_add" numeric(12, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_user_id_part_id_pk" PRIMARY KEY("user_id","part_id"),
	CONSTRAINT "cart_lines_quantity_check" CHECK ("cart_lines"."quantity" between 1 and 9999)
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"part_id" integer NOT NULL,
	"part_number" text NOT NULL,
	"description" text NOT NULL,
	"sales_unit" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(12, 2),
	"subtotal" numeric(20, 2),
	CONSTRAINT "order_lines_order_id_position_pk" PRIMARY KEY("order_id","position"),
	CONSTRAINT "order_lines_quantity_check" CHECK ("order_lines"."quantity" between 1 and 9999)
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"actor_id" integer,
	"actor_username" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"status" text DEFAULT 'received' NOT NULL,
	"customer_name" text NOT NULL,
	"customer_company" text,
	"customer_client_code" text,
	"customer_phone" text,
	"customer_email" text,
	"customer_username" text,
	"note" text,
	"price_list" integer NOT NULL,
	"total" numeric(20, 2) NOT NULL,
	"line_count" integer NOT NULL,
	"unit_count" integer NOT NULL,
	"unpriced_count" integer NOT NULL,
	"access_token" text,
	"idempotency_key" text,
	"request_fingerprint" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_part_idx" ON "order_lines" USING btree ("part_id");--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_key" ON "orders" USING btree (coalesce("user_id", 0),"idempotency_key") WHERE idempotency_key is not null;
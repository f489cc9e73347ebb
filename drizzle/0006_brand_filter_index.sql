DROP INDEX "parts_brand_idx";--> statement-breakpoint
DROP INDEX "parts_alternate_codes_idx";--> statement-breakpoint
CREATE INDEX "parts_brand_lower_idx" ON "parts" USING btree (lower("brand"));
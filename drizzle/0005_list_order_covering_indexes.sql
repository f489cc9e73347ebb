DROP INDEX "parts_description_sort_idx";--> statement-breakpoint
DROP INDEX "parts_part_number_sort_idx";--> statement-breakpoint
CREATE INDEX "parts_description_sort_idx" ON "parts" USING btree ("description_sort_key" collate "C","id","is_active","category_id");--> statement-breakpoint
CREATE INDEX "parts_part_number_sort_idx" ON "parts" USING btree ("part_number" collate "C","id","is_active","category_id");
-- The Historial's part filter (GET /api/admin/audit?part=) found a relation only by its main part
-- (entity_id): filtering by the related part's code missed "Relación" entries where that part was
-- the one linked (docs/product.md §10.2). The related part's id is in the row's JSON, `after` when
-- added and `before` when removed; this partial index of relation rows by that id lets the filter
-- read them without scanning every relation entry.
CREATE INDEX "audit_log_related_part_idx" ON "audit_log" USING btree ((coalesce("after", "before") ->> 'relatedPartId'),"created_at") WHERE "audit_log"."entity" = 'relation';
-- Migration 0026 mapped the stock texts of parts imported before 9ba1582 ("sin stock", "AGOTADO")
-- to their level, but not the copies an import keeps of the parts it updated, for "Deshacer la
-- última importación" (import_run_parts.before): undoing an import made before 0026 wrote the old
-- text back, and list cards showed a part out of stock as available (docs/product.md §4.3, §11.4).
-- This maps those copies the same way (src/shared/stock.ts LEVEL_WORDS), with the same limits:
-- only copies without a quantity, and never a stock staff edited by hand.
WITH words AS (
  SELECT "run_id", "part_number",
    pg_catalog.btrim(pg_catalog.regexp_replace(public.portal_fold("before" ->> 'stock_level'), '[^a-z0-9]+', ' ', 'g')) AS "folded"
  FROM "import_run_parts"
  WHERE "kind" = 'updated'
    AND "before" ->> 'stock_quantity' IS NULL
    AND "before" ->> 'stock_level' NOT IN ('En Stock', 'Bajo Stock', 'Sin Stock')
    AND NOT (COALESCE("before" -> 'hand_edited_fields', '[]'::jsonb) @> '["stock"]'::jsonb)
),
levels AS (
  SELECT "run_id", "part_number", CASE
      WHEN "folded" IN ('en stock', 'con stock', 'disponible', 'hay stock', 'si') THEN 'En Stock'
      WHEN "folded" IN ('bajo stock', 'stock bajo', 'poco stock', 'ultimas unidades') THEN 'Bajo Stock'
      WHEN "folded" IN ('sin stock', 'agotado', 'sin existencia', 'no disponible', 'no hay stock', 'no') THEN 'Sin Stock'
    END AS "level"
  FROM words
)
UPDATE "import_run_parts" c
SET "before" = pg_catalog.jsonb_set(c."before", '{stock_level}', pg_catalog.to_jsonb(l."level"))
FROM levels l
WHERE c."run_id" = l."run_id" AND c."part_number" = l."part_number" AND c."kind" = 'updated' AND l."level" IS NOT NULL;

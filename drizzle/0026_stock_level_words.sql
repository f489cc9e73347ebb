-- Parts imported before the import read a stock text naming a level as that level (9ba1582) keep
-- the file's text as their level ("sin stock", "AGOTADO", "Disponible"), and list cards, red only for
-- "Sin Stock", showed a part out of stock as available (docs/product.md §4.3). This maps those texts
-- as the import now does (src/shared/stock.ts LEVEL_WORDS: folded, non-alphanumerics as one space):
-- only parts without a quantity carry a text level; other texts stay, and so does a stock staff
-- edited by hand, as an import keeps it. The catalogue version moves when a part changed, so that
-- no cached page keeps the old level.
WITH words AS (
  SELECT "id", pg_catalog.btrim(pg_catalog.regexp_replace(public.portal_fold("stock_level"), '[^a-z0-9]+', ' ', 'g')) AS "folded"
  FROM "parts"
  WHERE "stock_quantity" IS NULL
    AND "stock_level" NOT IN ('En Stock', 'Bajo Stock', 'Sin Stock')
    AND NOT ('stock' = ANY ("hand_edited_fields"))
),
levels AS (
  SELECT "id", CASE
      WHEN "folded" IN ('en stock', 'con stock', 'disponible', 'hay stock', 'si') THEN 'En Stock'
      WHEN "folded" IN ('bajo stock', 'stock bajo', 'poco stock', 'ultimas unidades') THEN 'Bajo Stock'
      WHEN "folded" IN ('sin stock', 'agotado', 'sin existencia', 'no disponible', 'no hay stock', 'no') THEN 'Sin Stock'
    END AS "level"
  FROM words
),
changed AS (
  UPDATE "parts" p SET "stock_level" = l."level", "updated_at" = now()
  FROM levels l
  WHERE p."id" = l."id" AND l."level" IS NOT NULL
  RETURNING 1
)
INSERT INTO "catalogue_state" ("key", "value", "updated_at")
SELECT 'version', '1'::jsonb, now() WHERE EXISTS (SELECT 1 FROM changed)
ON CONFLICT ("key") DO UPDATE
  SET "value" = pg_catalog.to_jsonb(coalesce(("catalogue_state"."value")::text::int, 0) + 1), "updated_at" = now();

-- Notes and applications become searchable (issue 17: a workshop types the model a part fits, or
-- the size written in the remarks). A seven-argument portal_search_text appends them after the
-- categories; concat_ws skips NULLs, so a part without notes or applications keeps the same text.
-- The generated column is rebuilt (PostgreSQL 15 cannot change a generation expression in place),
-- and with it its trigram index.
CREATE OR REPLACE FUNCTION public.portal_search_text(
  part_number text, alternate_codes text[], description text, brand text, category_path text[],
  notes text, applications text
) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $$
BEGIN
  RETURN public.portal_fold(
    pg_catalog.concat_ws(' ',
      part_number,
      public.portal_code_key(part_number),
      pg_catalog.array_to_string(alternate_codes, ' '),
      CASE WHEN pg_catalog.cardinality(alternate_codes) > 0 THEN
        pg_catalog.translate(
          pg_catalog.regexp_replace(public.portal_fold(pg_catalog.array_to_string(alternate_codes, E'\x01')), E'[^a-z0-9\x01]', '', 'g'),
          E'\x01', ' ')
      END,
      description,
      brand,
      pg_catalog.array_to_string(category_path, ' '),
      notes,
      applications
    )
  );
END
$$;--> statement-breakpoint
ALTER TABLE "parts" drop column "search_text";--> statement-breakpoint
ALTER TABLE "parts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (public.portal_search_text(part_number, alternate_codes, description, brand, category_path, notes, applications)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "parts_search_trgm_idx" ON "parts" USING gin ("search_text" gin_trgm_ops);

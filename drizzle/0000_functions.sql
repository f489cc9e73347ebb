-- Extensions and IMMUTABLE helpers used by generated columns and indexes.
-- PostgreSQL 17+ evaluates index expressions with search_path = pg_catalog, pg_temp, so every
-- function called here is schema-qualified (DESIGN.md "Measured facts").
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.portal_fold(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$ SELECT pg_catalog.lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.portal_code_key(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$ SELECT pg_catalog.regexp_replace(public.portal_fold(value), '[^a-z0-9]', '', 'g') $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.portal_sort_key(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
AS $$ SELECT public.portal_fold(pg_catalog.replace(pg_catalog.lower(value), 'ñ', 'n~')) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.portal_search_text(
  part_number text, alternate_codes text[], description text, brand text, category_path text[]
) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT public.portal_fold(
    pg_catalog.concat_ws(' ',
      part_number,
      public.portal_code_key(part_number),
      pg_catalog.array_to_string(alternate_codes, ' '),
      (SELECT pg_catalog.string_agg(public.portal_code_key(c), ' ') FROM pg_catalog.unnest(alternate_codes) AS c),
      description,
      brand,
      pg_catalog.array_to_string(category_path, ' ')
    )
  )
$$;

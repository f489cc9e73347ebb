-- The search text and its words by one trigger instead of two generated columns (issue 23). Each
-- generated column computed the search text on its own, and the words' regular expression
-- `[^a-z0-9]+` cost as much again (on the demo parts 2.35 s of functions per 100,000 inserts,
-- docs/performance.md "The search columns by trigger"). The trigger computes the text once, finds
-- the words with a one-character class and a loop that folds runs of spaces (the same words, about
-- half the cost; 1.2 s in all), and on an update leaves both alone unless one of their seven
-- fields changed: an import that sets every column to change a price no longer folds the part's
-- text again, and an update that sets none of them (a price change from the panel) does not call
-- the trigger at all. A statement that writes either column itself gets it computed over.
-- DROP EXPRESSION keeps every row's values, so nothing is rewritten.
CREATE OR REPLACE FUNCTION public.portal_words(search_text text) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT
AS $$
DECLARE
  words text := pg_catalog.regexp_replace(search_text, '[^a-z0-9 ]', ' ', 'g');
BEGIN
  WHILE pg_catalog.strpos(words, '  ') > 0 LOOP
    words := pg_catalog.replace(words, '  ', ' ');
  END LOOP;
  RETURN ' ' || pg_catalog.btrim(words) || ' ';
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.portal_search_words(
  part_number text, alternate_codes text[], description text, brand text, category_path text[],
  notes text, applications text
) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $$
BEGIN
  RETURN public.portal_words(
    public.portal_search_text(part_number, alternate_codes, description, brand, category_path, notes, applications));
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.portal_parts_search_columns() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND (NEW.part_number, NEW.alternate_codes, NEW.description, NEW.brand, NEW.category_path, NEW.notes, NEW.applications)
      IS NOT DISTINCT FROM (OLD.part_number, OLD.alternate_codes, OLD.description, OLD.brand, OLD.category_path, OLD.notes, OLD.applications)
    AND NEW.search_text IS NOT DISTINCT FROM OLD.search_text
    AND NEW.search_words IS NOT DISTINCT FROM OLD.search_words THEN
    RETURN NEW;
  END IF;
  NEW.search_text := public.portal_search_text(
    NEW.part_number, NEW.alternate_codes, NEW.description, NEW.brand, NEW.category_path, NEW.notes, NEW.applications);
  NEW.search_words := public.portal_words(NEW.search_text);
  RETURN NEW;
END
$$;--> statement-breakpoint
ALTER TABLE "parts" ALTER COLUMN "search_text" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "parts" ALTER COLUMN "search_text" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "parts" ALTER COLUMN "search_words" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "parts" ALTER COLUMN "search_words" SET DEFAULT '';--> statement-breakpoint
CREATE TRIGGER "parts_search_columns"
  BEFORE INSERT OR UPDATE OF part_number, alternate_codes, description, brand, category_path, notes, applications, search_text, search_words
  ON "parts"
  FOR EACH ROW EXECUTE FUNCTION public.portal_parts_search_columns();

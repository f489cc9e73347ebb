-- The vocabulary's words of one part as functions of their own (issue 23), so that an import that
-- changes a few parts can move their part counts instead of rebuilding the whole vocabulary: a
-- rebuild reads every active part (about 36 s at 1,000,000 parts on this machine, the whole of a
-- 20-row import's time; docs/performance.md "The vocabulary of a small import"). The rebuild, a
-- hand edit (partWords) and an import's move (lockedWordCounts) all read the words from here, so
-- they cannot drift apart. Same words as 0020: every character but letters and digits a space,
-- each word once per part, words of 2–40 letters only.
CREATE OR REPLACE FUNCTION public.portal_vocabulary_vector(description text, brand text, category_path text[]) RETURNS tsvector
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
  SELECT pg_catalog.to_tsvector('pg_catalog.simple'::pg_catalog.regconfig, pg_catalog.regexp_replace(
    public.portal_fold(pg_catalog.concat_ws(' ', description, brand, pg_catalog.array_to_string(category_path, ' '))),
    '[^a-z0-9]+', ' ', 'g'))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.portal_vocabulary_words(description text, brand text, category_path text[]) RETURNS SETOF text
LANGUAGE sql STABLE PARALLEL SAFE
AS $$
  SELECT t.lexeme
  FROM pg_catalog.unnest(public.portal_vocabulary_vector(description, brand, category_path)) AS t
  WHERE t.lexeme ~ '^[a-z]{2,40}$'
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.portal_rebuild_search_vocabulary() RETURNS integer
LANGUAGE plpgsql
AS $$
DECLARE
  words integer;
BEGIN
  DELETE FROM public.search_vocabulary;
  INSERT INTO public.search_vocabulary (word, parts)
  SELECT s.word, s.ndoc
  FROM pg_catalog.ts_stat($q$
    SELECT public.portal_vocabulary_vector(p.description, p.brand, p.category_path)
    FROM public.parts p
    WHERE p.is_active
  $q$) AS s
  WHERE s.word ~ '^[a-z]{2,40}$';
  GET DIAGNOSTICS words = ROW_COUNT;
  RETURN words;
END
$$;

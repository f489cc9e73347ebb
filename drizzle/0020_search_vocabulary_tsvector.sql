-- The search's vocabulary (issue 18), the same words and part counts as 0010's, about twice as fast
-- (100,000 parts: 5.8 → 2.8 s at the same load): each part's words become a tsvector, which holds
-- each word once, and ts_stat counts the parts of each word, both in C, instead of a DISTINCT per
-- part and a GROUP BY over every word. Every character but letters and digits is a space first, so
-- the parser reads plain words only (it would read `rig.sal.bba` as one host name, `c/hembra` as a
-- file); words with digits (`om366`) and of one letter are left out, as before.
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
    SELECT pg_catalog.to_tsvector('pg_catalog.simple'::pg_catalog.regconfig, pg_catalog.regexp_replace(
      public.portal_fold(pg_catalog.concat_ws(' ', p.description, p.brand, pg_catalog.array_to_string(p.category_path, ' '))),
      '[^a-z0-9]+', ' ', 'g'))
    FROM public.parts p
    WHERE p.is_active
  $q$) AS s
  WHERE s.word ~ '^[a-z]{2,40}$';
  GET DIAGNOSTICS words = ROW_COUNT;
  RETURN words;
END
$$;

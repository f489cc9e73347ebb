CREATE TABLE "search_synonyms" (
	"id" serial PRIMARY KEY NOT NULL,
	"terms" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_vocabulary" (
	"word" text PRIMARY KEY NOT NULL,
	"parts" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_vocabulary_trgm_idx" ON "search_vocabulary" USING gist ("word" gist_trgm_ops);--> statement-breakpoint
-- The search's vocabulary (issue 18): every alphabetic word of 2+ letters of the active parts'
-- descriptions, brands and category names, folded, with its number of parts. The import calls this
-- after writing parts; the search corrects typos and finds abbreviations against it.
CREATE OR REPLACE FUNCTION public.portal_rebuild_search_vocabulary() RETURNS integer
LANGUAGE plpgsql
AS $$
DECLARE
  words integer;
BEGIN
  DELETE FROM public.search_vocabulary;
  INSERT INTO public.search_vocabulary (word, parts)
  SELECT w.word, pg_catalog.count(*)::integer
  FROM public.parts p
  CROSS JOIN LATERAL (
    SELECT DISTINCT t.word
    FROM pg_catalog.regexp_split_to_table(
      public.portal_fold(pg_catalog.concat_ws(' ', p.description, p.brand, pg_catalog.array_to_string(p.category_path, ' '))),
      '[^a-z0-9]+'
    ) AS t(word)
    WHERE t.word ~ '^[a-z]{2,40}$'
  ) AS w
  WHERE p.is_active
  GROUP BY w.word;
  GET DIAGNOSTICS words = ROW_COUNT;
  RETURN words;
END
$$;
--> statement-breakpoint
SELECT public.portal_rebuild_search_vocabulary();
--> statement-breakpoint
-- The trade's usual forms (issue 18), editable in the admin panel ("Sinónimos").
INSERT INTO "search_synonyms" ("terms") VALUES
  ('{jgo,juego}'), ('{a/a,aire acondicionado}'), ('{5ta,quinta}'), ('{4ta,cuarta}'), ('{3ra,tercera}'),
  ('{2da,segunda}'), ('{1ra,primera}'), ('{del,delantero,delantera}'), ('{tras,trasero,trasera}'),
  ('{izq,izquierdo,izquierda}'), ('{der,derecho,derecha}'), ('{m.benz,mercedes benz,mercedes}'),
  ('{vw,volkswagen}'), ('{amort,amortiguador}'), ('{mang,manguera}'), ('{rad,radiador}'), ('{sup,superior}'),
  ('{inf,inferior}'), ('{bba,bomba}'), ('{alim,alimentacion}'), ('{conj,conjunto}'), ('{cja,caja}'),
  ('{emb,embrague}'), ('{distrib,distribucion}'), ('{elem,elemento}'), ('{valv,valvula}'), ('{torn,tornillo}'),
  ('{arand,arandela}'), ('{sop,soporte}'), ('{rod,rodamiento,ruleman}'), ('{ret,reten}'), ('{cil,cilindro}'),
  ('{ext,exterior}'), ('{int,interior}'), ('{post,posterior}'), ('{ant,anterior}'), ('{gas-oil,gasoil}');

-- Accounts are unambiguous (docs/product.md, accounts): an e-mail belongs to one account, ignoring
-- case, and no username equals another account's e-mail, so a login by name or by address finds
-- exactly one account. Existing clashes are settled first: the oldest account keeps an address,
-- the others lose it (an audit row says which), and an address that is another account's username
-- is cleared the same way.
UPDATE "users" SET "email" = NULL WHERE btrim(coalesce("email", '')) = '';--> statement-breakpoint
WITH cleared AS (
  UPDATE "users" u SET "email" = NULL, "updated_at" = now()
  FROM "users" o
  WHERE u."email" IS NOT NULL
    AND (
      (lower(o."email") = lower(u."email") AND o."id" < u."id")
      OR (lower(o."username") = lower(u."email") AND o."id" <> u."id")
    )
  RETURNING u."id", u."username", o."id" AS "kept_by"
)
INSERT INTO "audit_log" ("actor_username", "action", "entity", "entity_id", "before", "after")
SELECT DISTINCT ON (c."id") 'sistema', 'user.email_cleared_duplicate', 'user', c."id"::text,
  jsonb_build_object('username', c."username", 'clashesWithUserId', c."kept_by"), jsonb_build_object('email', NULL)
FROM cleared c ORDER BY c."id";--> statement-breakpoint
DROP INDEX "users_email_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.portal_users_identity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One writer of account names at a time, so two racing sign-ups cannot both pass the check.
  PERFORM pg_advisory_xact_lock(827364501);
  IF EXISTS (
    SELECT 1 FROM public.users o
    WHERE o.id <> NEW.id
      AND (lower(o.email) = lower(NEW.username) OR (NEW.email IS NOT NULL AND lower(o.username) = lower(NEW.email)))
  ) THEN
    RAISE EXCEPTION 'username or e-mail already names another account'
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'users_identity';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_identity" BEFORE INSERT OR UPDATE OF "username", "email" ON "users"
  FOR EACH ROW EXECUTE FUNCTION public.portal_users_identity();

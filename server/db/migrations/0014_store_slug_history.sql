CREATE TABLE "store_slug_history" (
	"slug" text PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_slug_history" ADD CONSTRAINT "store_slug_history_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_slug_history_restaurant_idx" ON "store_slug_history" USING btree ("restaurant_id");--> statement-breakpoint
-- A launched store's address, once changed, stays its restaurant's (issue 40, item 16): the old
-- slug is kept here, and no other restaurant may take it, whichever code path writes the slug.
-- Refused like a slug in use (the same constraint name), so every caller answers its own 409.
-- Both slugs are locked in one order, so a rename and another restaurant taking the old slug
-- at the same moment are decided one after the other.
CREATE FUNCTION "keep_store_slug"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  locked text;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW."slug" IS NOT DISTINCT FROM OLD."slug" THEN
    RETURN NEW;
  END IF;
  FOR locked IN
    SELECT s FROM unnest(ARRAY[NEW."slug", CASE WHEN TG_OP = 'UPDATE' THEN OLD."slug" END]) AS s WHERE s IS NOT NULL ORDER BY s
  LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended('store slug ' || locked, 0));
  END LOOP;
  IF NEW."slug" IS NOT NULL THEN
    IF EXISTS (SELECT 1 FROM "store_slug_history" WHERE "slug" = NEW."slug" AND "restaurant_id" <> NEW."id") THEN
      RAISE EXCEPTION 'duplicate key value violates unique constraint "restaurants_slug_unique"'
        USING ERRCODE = 'unique_violation', CONSTRAINT = 'restaurants_slug_unique', DETAIL = 'It is a former address of another restaurant.';
    END IF;
    -- Taking one of its own former addresses back: it is its current one again.
    DELETE FROM "store_slug_history" WHERE "slug" = NEW."slug";
  END IF;
  -- Only a launched store has links out in the world; a slug changed before launch is let go.
  IF TG_OP = 'UPDATE' AND OLD."slug" IS NOT NULL
    AND EXISTS (SELECT 1 FROM "onboardings" WHERE "restaurant_id" = NEW."id" AND "launched_at" IS NOT NULL) THEN
    INSERT INTO "store_slug_history" ("slug", "restaurant_id") VALUES (OLD."slug", NEW."id") ON CONFLICT ("slug") DO NOTHING;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "restaurants_keep_store_slug" BEFORE INSERT OR UPDATE OF "slug" ON "restaurants"
  FOR EACH ROW EXECUTE FUNCTION "keep_store_slug"();

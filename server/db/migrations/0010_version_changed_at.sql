ALTER TABLE "restaurants" ADD COLUMN "version_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- The time of each change of the version, kept by the trigger that raises it (migration 0009):
-- the store's "last changed" (sitemap.xml's lastmod), menu edits included.
CREATE OR REPLACE FUNCTION "restaurants_touch_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.version = OLD.version THEN
    NEW.version := OLD.version + 1;
  END IF;
  NEW.version_changed_at := now();
  RETURN NEW;
END $$;

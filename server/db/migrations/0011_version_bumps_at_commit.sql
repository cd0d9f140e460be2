CREATE TABLE "pending_version_bumps" (
	"restaurant_id" integer NOT NULL,
	"transaction_id" bigint NOT NULL,
	CONSTRAINT "pending_version_bumps_restaurant_id_transaction_id_pk" PRIMARY KEY("restaurant_id","transaction_id")
);
--> statement-breakpoint
-- The version triggers of migration 0009 raised the restaurant's version in the statement that
-- changed a row: the transaction took the restaurant's row lock then, while it still had rows to
-- change, and two writers of one restaurant could each hold what the other needed next (a size
-- deleted while dishes priced in it were created: PostgreSQL broke the deadlock by refusing one).
-- Now they only note the restaurant, and the version rises at commit, when the transaction takes
-- no other lock: writers of one restaurant queue there for a moment instead of deadlocking. The
-- version still rises in the same transaction as the change, and a reader after the commit sees both.
CREATE OR REPLACE FUNCTION "bump_restaurant_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE 'INSERT INTO pending_version_bumps (restaurant_id, transaction_id) '
    || 'SELECT DISTINCT id, txid_current() FROM (' || TG_ARGV[0] || ') AS changed_restaurants(id) WHERE id IS NOT NULL '
    || 'ORDER BY 1 ON CONFLICT DO NOTHING';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "apply_pending_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE restaurants SET version = version + 1 WHERE id = NEW.restaurant_id;
  DELETE FROM pending_version_bumps WHERE restaurant_id = NEW.restaurant_id AND transaction_id = NEW.transaction_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "pending_version_bumps_apply" AFTER INSERT ON "pending_version_bumps" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "apply_pending_version_bump"();

CREATE TABLE "restaurant_customers" (
	"restaurant_id" integer NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"orders" integer NOT NULL,
	"spent_cents" bigint NOT NULL,
	"last_order_at" timestamp with time zone NOT NULL,
	CONSTRAINT "restaurant_customers_restaurant_id_email_pk" PRIMARY KEY("restaurant_id","email")
);
--> statement-breakpoint
ALTER TABLE "restaurant_customers" ADD CONSTRAINT "restaurant_customers_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "restaurant_customers_latest_idx" ON "restaurant_customers" USING btree ("restaurant_id","last_order_at" DESC NULLS LAST,"email");--> statement-breakpoint
-- One customer's row counted again from their orders: what a cancelled order (or any change to an
-- order's total or customer) leaves. Bounded by that customer's orders (orders_restaurant_email_idx).
-- A customer with no order left that counts loses the row.
CREATE FUNCTION "recount_restaurant_customer"(rid integer, mail text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "restaurant_customers" WHERE "restaurant_id" = rid AND "email" = mail;
  INSERT INTO "restaurant_customers" ("restaurant_id", "email", "name", "orders", "spent_cents", "last_order_at")
    SELECT rid, mail, (array_agg("customer_name" ORDER BY "placed_at" DESC, "id" DESC))[1], count(*), sum("total_cents"), max("placed_at")
    FROM "orders" WHERE "restaurant_id" = rid AND "customer_email" = mail AND "status" <> 'cancelled'
    HAVING count(*) > 0;
END $$;
--> statement-breakpoint
-- A new order adds itself to its customer's row (named as on the latest order, the later one of
-- one instant); a change that matters recounts the customers before and after it.
CREATE FUNCTION "tally_order_customer"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW."status" <> 'cancelled' THEN
      INSERT INTO "restaurant_customers" AS c ("restaurant_id", "email", "name", "orders", "spent_cents", "last_order_at")
        VALUES (NEW."restaurant_id", NEW."customer_email", NEW."customer_name", 1, NEW."total_cents", NEW."placed_at")
        ON CONFLICT ("restaurant_id", "email") DO UPDATE SET
          "orders" = c."orders" + 1,
          "spent_cents" = c."spent_cents" + EXCLUDED."spent_cents",
          "name" = CASE WHEN EXCLUDED."last_order_at" >= c."last_order_at" THEN EXCLUDED."name" ELSE c."name" END,
          "last_order_at" = GREATEST(c."last_order_at", EXCLUDED."last_order_at");
    END IF;
  ELSE
    PERFORM "recount_restaurant_customer"(OLD."restaurant_id", OLD."customer_email");
    IF NEW."customer_email" <> OLD."customer_email" OR NEW."restaurant_id" <> OLD."restaurant_id" THEN
      PERFORM "recount_restaurant_customer"(NEW."restaurant_id", NEW."customer_email");
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_tally_customer" AFTER INSERT ON "orders" FOR EACH ROW EXECUTE FUNCTION "tally_order_customer"();
--> statement-breakpoint
CREATE TRIGGER "orders_recount_customer" AFTER UPDATE ON "orders" FOR EACH ROW
  WHEN ((OLD."status" = 'cancelled') IS DISTINCT FROM (NEW."status" = 'cancelled')
    OR OLD."total_cents" <> NEW."total_cents" OR OLD."customer_email" <> NEW."customer_email"
    OR OLD."customer_name" <> NEW."customer_name" OR OLD."placed_at" <> NEW."placed_at" OR OLD."restaurant_id" <> NEW."restaurant_id")
  EXECUTE FUNCTION "tally_order_customer"();
--> statement-breakpoint
-- The orders taken before this migration.
INSERT INTO "restaurant_customers" ("restaurant_id", "email", "name", "orders", "spent_cents", "last_order_at")
  SELECT "restaurant_id", "customer_email", (array_agg("customer_name" ORDER BY "placed_at" DESC, "id" DESC))[1], count(*), sum("total_cents"), max("placed_at")
  FROM "orders" WHERE "status" <> 'cancelled'
  GROUP BY "restaurant_id", "customer_email";

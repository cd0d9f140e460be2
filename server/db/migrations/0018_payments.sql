CREATE TABLE "order_payment_attempts" (
	"reference" text PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"attempt" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"line_positions" integer[],
	"by_user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_amount_check" CHECK ("order_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "restaurant_payment_settings" (
	"restaurant_id" integer PRIMARY KEY NOT NULL,
	"card_online" boolean NOT NULL,
	"in_person" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restaurant_payment_settings_some_check" CHECK ("restaurant_payment_settings"."card_online" or "restaurant_payment_settings"."in_person")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text DEFAULT 'in_person' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_state" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "authorized_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "captured_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_due_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_payment_attempts" ADD CONSTRAINT "order_payment_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_payment_settings" ADD CONSTRAINT "restaurant_payment_settings_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_payment_due_idx" ON "orders" USING btree ("payment_due_by") WHERE "orders"."payment_due_by" is not null;--> statement-breakpoint
CREATE INDEX "orders_payment_authorized_idx" ON "orders" USING btree ("id") WHERE "orders"."payment_state" = 'authorized';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_check" CHECK ("orders"."payment_method" in ('in_person', 'card'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_amounts_check" CHECK ("orders"."authorized_cents" >= 0 and "orders"."captured_cents" >= 0 and "orders"."refunded_cents" between 0 and "orders"."captured_cents");--> statement-breakpoint
-- A card order awaiting its payment, or expired unpaid, is nobody's customer yet (issue 44): the
-- customers tally counts the orders the restaurant has and did not cancel, and recounts when an
-- order moves in or out of those (paid: awaiting_payment → placed).
CREATE OR REPLACE FUNCTION "recount_restaurant_customer"(rid integer, mail text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "restaurant_customers" WHERE "restaurant_id" = rid AND "email" = mail;
  INSERT INTO "restaurant_customers" ("restaurant_id", "email", "name", "orders", "spent_cents", "last_order_at")
    SELECT rid, mail, (array_agg("customer_name" ORDER BY "placed_at" DESC, "id" DESC))[1], count(*), sum("total_cents"), max("placed_at")
    FROM "orders" WHERE "restaurant_id" = rid AND "customer_email" = mail AND "status" NOT IN ('cancelled', 'awaiting_payment', 'expired')
    HAVING count(*) > 0;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "tally_order_customer"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW."status" NOT IN ('cancelled', 'awaiting_payment', 'expired') THEN
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
DROP TRIGGER "orders_recount_customer" ON "orders";
--> statement-breakpoint
CREATE TRIGGER "orders_recount_customer" AFTER UPDATE ON "orders" FOR EACH ROW
  WHEN ((OLD."status" NOT IN ('cancelled', 'awaiting_payment', 'expired')) IS DISTINCT FROM (NEW."status" NOT IN ('cancelled', 'awaiting_payment', 'expired'))
    OR OLD."total_cents" <> NEW."total_cents" OR OLD."customer_email" <> NEW."customer_email"
    OR OLD."customer_name" <> NEW."customer_name" OR OLD."placed_at" <> NEW."placed_at" OR OLD."restaurant_id" <> NEW."restaurant_id")
  EXECUTE FUNCTION "tally_order_customer"();
--> statement-breakpoint
-- The ways a store takes payment change what its page and checkout offer, so they raise the
-- restaurant's version like its taxes and tips (migration 0016).
DO $$
DECLARE
  event text;
BEGIN
  FOREACH event IN ARRAY ARRAY['INSERT', 'UPDATE', 'DELETE'] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER %s ON restaurant_payment_settings REFERENCING %s TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_restaurant_versions(%L)',
      'restaurant_payment_settings_bump_version_' || lower(event),
      event,
      CASE event WHEN 'DELETE' THEN 'OLD' ELSE 'NEW' END,
      'SELECT restaurant_id FROM changed'
    );
  END LOOP;
END $$;

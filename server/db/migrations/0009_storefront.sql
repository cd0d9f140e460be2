CREATE TABLE "restaurant_special_days" (
	"restaurant_id" integer NOT NULL,
	"date" date NOT NULL,
	"closed" boolean NOT NULL,
	"open_time" time,
	"close_time" time,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "restaurant_special_days_restaurant_id_date_pk" PRIMARY KEY("restaurant_id","date")
);
--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurant_special_days" ADD CONSTRAINT "restaurant_special_days_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The store's version (issue 29): raised in the transaction of every change to a restaurant's
-- menu or settings, by the database itself, so that no write path can forget it and every server
-- process sees the same number. A direct change of the restaurants row (its name, slug, about,
-- logo, time zone) raises it before the row is written; a change to a table that hangs off the
-- restaurant raises it once per statement (statement triggers with transition tables, so a write
-- of 500 rows costs one update, not 500). The row lock of that update also orders two writers of
-- one restaurant, so the version read after a commit always covers that commit.
CREATE FUNCTION "restaurants_touch_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.version = OLD.version THEN
    NEW.version := OLD.version + 1;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "restaurants_touch_version" BEFORE UPDATE ON "restaurants" FOR EACH ROW EXECUTE FUNCTION "restaurants_touch_version"();
--> statement-breakpoint
-- TG_ARGV[0]: a query over the transition table "changed" naming the restaurants the changed rows belong to.
CREATE FUNCTION "bump_restaurant_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE 'UPDATE restaurants SET version = version + 1 WHERE id IN (' || TG_ARGV[0] || ')';
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  via_category constant text := 'SELECT c.restaurant_id FROM changed x JOIN categories c ON c.id = x.category_id';
  -- A library row (restaurant_id null) changes the stores of every category that links it.
  linked_library constant text := ' UNION SELECT c.restaurant_id FROM changed x JOIN %1$s l ON l.%2$s = x.id JOIN categories c ON c.id = l.category_id';
  mapping record;
  event text;
BEGIN
  FOR mapping IN
    SELECT * FROM (VALUES
      ('onboardings', 'SELECT restaurant_id FROM changed'),
      ('restaurant_locations', 'SELECT restaurant_id FROM changed'),
      ('restaurant_delivery', 'SELECT restaurant_id FROM changed'),
      ('restaurant_schedules', 'SELECT restaurant_id FROM changed'),
      ('restaurant_opening_hours', 'SELECT restaurant_id FROM changed'),
      ('restaurant_special_days', 'SELECT restaurant_id FROM changed'),
      ('restaurant_features', 'SELECT restaurant_id FROM changed'),
      ('restaurant_contacts', 'SELECT restaurant_id FROM changed'),
      ('categories', 'SELECT restaurant_id FROM changed'),
      ('category_details', via_category),
      ('category_sizes', via_category),
      ('category_toppings', via_category),
      ('category_dressings', via_category),
      ('extra_groups', via_category),
      ('menu_items', via_category),
      ('category_option_sets', 'SELECT c.restaurant_id FROM changed x JOIN category_details d ON d.id = x.detail_id JOIN categories c ON c.id = d.category_id'),
      ('extra_selections', 'SELECT c.restaurant_id FROM changed x JOIN extra_groups g ON g.id = x.group_id JOIN categories c ON c.id = g.category_id'),
      ('menu_item_prices', 'SELECT c.restaurant_id FROM changed x JOIN menu_items i ON i.id = x.item_id JOIN categories c ON c.id = i.category_id'),
      ('toppings', 'SELECT restaurant_id FROM changed' || format(linked_library, 'category_toppings', 'topping_id')),
      ('dressings', 'SELECT restaurant_id FROM changed' || format(linked_library, 'category_dressings', 'dressing_id')),
      ('option_sets', 'SELECT restaurant_id FROM changed UNION SELECT c.restaurant_id FROM changed x JOIN category_option_sets l ON l.option_set_id = x.id JOIN category_details d ON d.id = l.detail_id JOIN categories c ON c.id = d.category_id'),
      ('option_set_selections', 'SELECT s.restaurant_id FROM changed x JOIN option_sets s ON s.id = x.set_id UNION SELECT c.restaurant_id FROM changed x JOIN category_option_sets l ON l.option_set_id = x.set_id JOIN category_details d ON d.id = l.detail_id JOIN categories c ON c.id = d.category_id')
    ) AS t(table_name, query)
  LOOP
    FOREACH event IN ARRAY ARRAY['INSERT', 'UPDATE', 'DELETE'] LOOP
      EXECUTE format(
        'CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_restaurant_versions(%L)',
        mapping.table_name || '_bump_version_' || lower(event),
        event,
        mapping.table_name,
        CASE event WHEN 'DELETE' THEN 'OLD' ELSE 'NEW' END,
        mapping.query
      );
    END LOOP;
  END LOOP;
END $$;

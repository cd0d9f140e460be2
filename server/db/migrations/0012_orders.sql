CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"status" text NOT NULL,
	"detail" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"item_id" integer NOT NULL,
	"size_id" integer,
	"name" text NOT NULL,
	"size_name" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"extras" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"line_total_cents" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"number" integer NOT NULL,
	"token" text NOT NULL,
	"status" text DEFAULT 'placed' NOT NULL,
	"fulfilment" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_phone" text NOT NULL,
	"customer_email" text NOT NULL,
	"address_street" text,
	"address_city" text,
	"address_zip" text,
	"address_notes" text,
	"note" text DEFAULT '' NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scheduled_for" timestamp with time zone,
	"estimated_at" timestamp with time zone,
	"prep_minutes" integer,
	"cancel_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_token_unique" UNIQUE("token"),
	CONSTRAINT "orders_restaurant_number_unique" UNIQUE("restaurant_id","number")
);
--> statement-breakpoint
CREATE TABLE "restaurant_order_counters" (
	"restaurant_id" integer PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_order_counters" ADD CONSTRAINT "restaurant_order_counters_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_restaurant_idx" ON "order_events" USING btree ("restaurant_id","id");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "orders_restaurant_placed_idx" ON "orders" USING btree ("restaurant_id","placed_at");--> statement-breakpoint
CREATE INDEX "orders_restaurant_email_idx" ON "orders" USING btree ("restaurant_id","customer_email");--> statement-breakpoint
-- Every order event is announced on the channel order_events as "<restaurant_id>:<event id>". NOTIFY
-- is delivered at commit, so a listener never hears of a row it cannot read yet; and every server
-- process LISTENs, so an order board connected to any process learns of an order stored by any other.
CREATE FUNCTION "notify_order_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('order_events', NEW.restaurant_id || ':' || NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "order_events_notify" AFTER INSERT ON "order_events" FOR EACH ROW EXECUTE FUNCTION "notify_order_event"();

CREATE TABLE "restaurant_kitchen_settings" (
	"restaurant_id" integer PRIMARY KEY NOT NULL,
	"max_orders_per_slot" integer,
	"max_items_per_slot" integer,
	"min_lead_minutes" integer DEFAULT 0 NOT NULL,
	"auto_accept" boolean DEFAULT false NOT NULL,
	"default_prep_minutes" integer DEFAULT 20 NOT NULL,
	"paused_at" timestamp with time zone,
	"paused_until" timestamp with time zone,
	"busy_extra_minutes" integer DEFAULT 0 NOT NULL,
	"busy_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restaurant_kitchen_settings_limits_check" CHECK (("restaurant_kitchen_settings"."max_orders_per_slot" is null or "restaurant_kitchen_settings"."max_orders_per_slot" > 0) and ("restaurant_kitchen_settings"."max_items_per_slot" is null or "restaurant_kitchen_settings"."max_items_per_slot" > 0)
        and "restaurant_kitchen_settings"."min_lead_minutes" >= 0 and "restaurant_kitchen_settings"."default_prep_minutes" > 0 and "restaurant_kitchen_settings"."busy_extra_minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "restaurant_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer,
	"subject_id" integer,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "extra_selections" ADD COLUMN "sold_out_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "sold_out_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "state" text DEFAULT 'made' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "slot_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "item_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurant_kitchen_settings" ADD CONSTRAINT "restaurant_kitchen_settings_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_notifications" ADD CONSTRAINT "restaurant_notifications_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_notifications" ADD CONSTRAINT "restaurant_notifications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "restaurant_notifications_restaurant_idx" ON "restaurant_notifications" USING btree ("restaurant_id","id");--> statement-breakpoint
CREATE INDEX "restaurant_notifications_unread_idx" ON "restaurant_notifications" USING btree ("restaurant_id") WHERE "restaurant_notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "order_refunds_pending_idx" ON "order_refunds" USING btree ("id") WHERE "order_refunds"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_payment_id_idx" ON "orders" USING btree ("payment_id") WHERE "orders"."payment_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_restaurant_slot_idx" ON "orders" USING btree ("restaurant_id","slot_at") WHERE "orders"."slot_at" is not null;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_state_check" CHECK ("order_refunds"."state" in ('pending', 'made'));--> statement-breakpoint
-- The kitchen's limits, pause and busy time change what the store page and checkout offer, so
-- they raise the restaurant's version like its payment settings (migration 0018). Sold-out items
-- already do: menu_items and extra_selections have raised it since migration 0009.
DO $$
DECLARE
  event text;
BEGIN
  FOREACH event IN ARRAY ARRAY['INSERT', 'UPDATE', 'DELETE'] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER %s ON restaurant_kitchen_settings REFERENCING %s TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_restaurant_versions(%L)',
      'restaurant_kitchen_settings_bump_version_' || lower(event),
      event,
      CASE event WHEN 'DELETE' THEN 'OLD' ELSE 'NEW' END,
      'SELECT restaurant_id FROM changed'
    );
  END LOOP;
END $$;

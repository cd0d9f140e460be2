CREATE TABLE "restaurant_notification_settings" (
	"restaurant_id" integer PRIMARY KEY NOT NULL,
	"new_order_mail" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "restaurant_notification_settings" ADD CONSTRAINT "restaurant_notification_settings_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_restaurant_status_placed_idx" ON "orders" USING btree ("restaurant_id","status","placed_at");
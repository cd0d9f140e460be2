CREATE TYPE "public"."coverage_mode" AS ENUM('distance', 'zip');--> statement-breakpoint
CREATE TABLE "cities" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"state" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "countries_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "restaurant_contacts" (
	"restaurant_id" integer PRIMARY KEY NOT NULL,
	"restaurant_phone" text NOT NULL,
	"public_phone" text NOT NULL,
	"fax_number" text NOT NULL,
	"mobile_phone" text NOT NULL,
	"contact_email" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "restaurant_delivery" (
	"restaurant_id" integer PRIMARY KEY NOT NULL,
	"has_delivery" boolean NOT NULL,
	"has_pickup" boolean NOT NULL,
	"has_dine_in" boolean NOT NULL,
	"coverage_mode" "coverage_mode" NOT NULL,
	"zip_codes" text[] NOT NULL,
	"delivery_eta_from" integer NOT NULL,
	"delivery_eta_to" integer NOT NULL,
	"pickup_eta_from" integer NOT NULL,
	"pickup_eta_to" integer NOT NULL,
	"apply_delivery_fee" boolean NOT NULL,
	"delivery_fee_cents" integer NOT NULL,
	"min_order_enabled" boolean NOT NULL,
	"min_order_cents" integer NOT NULL,
	"free_over_enabled" boolean NOT NULL,
	"free_over_cents" integer NOT NULL,
	"auto_request_driver" boolean NOT NULL,
	"order_types" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restaurant_delivery_amounts_check" CHECK ("restaurant_delivery"."delivery_fee_cents" >= 0 and "restaurant_delivery"."min_order_cents" >= 0 and "restaurant_delivery"."free_over_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "restaurant_features" (
	"restaurant_id" integer NOT NULL,
	"group_name" text NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "restaurant_features_restaurant_id_group_name_label_pk" PRIMARY KEY("restaurant_id","group_name","label")
);
--> statement-breakpoint
CREATE TABLE "restaurant_locations" (
	"restaurant_id" integer PRIMARY KEY NOT NULL,
	"city_id" integer NOT NULL,
	"street" text NOT NULL,
	"zip_code" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "restaurant_opening_hours" (
	"restaurant_id" integer NOT NULL,
	"day_of_week" smallint NOT NULL,
	"closed" boolean NOT NULL,
	"open_time" time,
	"break_start" time,
	"reopen_time" time,
	"close_time" time,
	CONSTRAINT "restaurant_opening_hours_restaurant_id_day_of_week_pk" PRIMARY KEY("restaurant_id","day_of_week"),
	CONSTRAINT "restaurant_opening_hours_day_check" CHECK ("restaurant_opening_hours"."day_of_week" between 1 and 7)
);
--> statement-breakpoint
CREATE TABLE "restaurant_schedules" (
	"restaurant_id" integer PRIMARY KEY NOT NULL,
	"open_247" boolean NOT NULL,
	"closed_within" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploaded_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"owner_id" integer NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploaded_images_path_unique" UNIQUE("path")
);
--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "about" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "logo_url" text;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_contacts" ADD CONSTRAINT "restaurant_contacts_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_delivery" ADD CONSTRAINT "restaurant_delivery_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_features" ADD CONSTRAINT "restaurant_features_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_locations" ADD CONSTRAINT "restaurant_locations_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_locations" ADD CONSTRAINT "restaurant_locations_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_opening_hours" ADD CONSTRAINT "restaurant_opening_hours_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_schedules" ADD CONSTRAINT "restaurant_schedules_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_images" ADD CONSTRAINT "uploaded_images_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cities_country_state_name_idx" ON "cities" USING btree ("country_id","state","name");--> statement-breakpoint
CREATE INDEX "restaurant_locations_city_idx" ON "restaurant_locations" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "uploaded_images_owner_idx" ON "uploaded_images" USING btree ("owner_id");
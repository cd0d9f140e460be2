CREATE TYPE "public"."measurement" AS ENUM('Inches', 'Centimeters', 'Grams');--> statement-breakpoint
CREATE TYPE "public"."priced_by" AS ENUM('none', 'weight', 'size');--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_details" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"priced_by" "priced_by" DEFAULT 'none' NOT NULL,
	"allow_toppings" boolean DEFAULT false NOT NULL,
	"allow_dressings" boolean DEFAULT false NOT NULL,
	"allow_remove_toppings" boolean DEFAULT true NOT NULL,
	"allow_add_toppings" boolean DEFAULT true NOT NULL,
	"max_extra_toppings" integer DEFAULT 0 NOT NULL,
	"image_url" text,
	CONSTRAINT "category_details_category_id_unique" UNIQUE("category_id")
);
--> statement-breakpoint
CREATE TABLE "category_dressings" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"dressing_id" integer NOT NULL,
	CONSTRAINT "category_dressings_pair_unique" UNIQUE("category_id","dressing_id")
);
--> statement-breakpoint
CREATE TABLE "category_option_sets" (
	"detail_id" integer NOT NULL,
	"option_set_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "category_option_sets_pk" PRIMARY KEY("detail_id","option_set_id")
);
--> statement-breakpoint
CREATE TABLE "category_sizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"units" numeric(10, 2),
	"measurement" "measurement",
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_toppings" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"topping_id" integer NOT NULL,
	CONSTRAINT "category_toppings_pair_unique" UNIQUE("category_id","topping_id")
);
--> statement-breakpoint
CREATE TABLE "dressings" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "extra_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"allow_multiple" boolean DEFAULT false NOT NULL,
	"add_images_to_selections" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "extra_selections" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"name" text NOT NULL,
	"price" numeric(10, 2) DEFAULT 0 NOT NULL,
	"image_url" text,
	CONSTRAINT "extra_selections_group_name_unique" UNIQUE("group_id","name")
);
--> statement-breakpoint
CREATE TABLE "menu_item_prices" (
	"item_id" integer NOT NULL,
	"size_id" integer NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	CONSTRAINT "menu_item_prices_pk" PRIMARY KEY("item_id","size_id")
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" numeric(10, 2),
	"image_url" text,
	"available" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "option_set_selections" (
	"id" serial PRIMARY KEY NOT NULL,
	"set_id" integer NOT NULL,
	"name" text NOT NULL,
	"image_url" text,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "option_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer,
	"name" text NOT NULL,
	"prevent_restaurant_changes" boolean DEFAULT false NOT NULL,
	"allow_images" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "toppings" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer,
	"name" text NOT NULL,
	"image_url" text
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_details" ADD CONSTRAINT "category_details_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_dressings" ADD CONSTRAINT "category_dressings_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_dressings" ADD CONSTRAINT "category_dressings_dressing_id_dressings_id_fk" FOREIGN KEY ("dressing_id") REFERENCES "public"."dressings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_option_sets" ADD CONSTRAINT "category_option_sets_detail_id_category_details_id_fk" FOREIGN KEY ("detail_id") REFERENCES "public"."category_details"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_option_sets" ADD CONSTRAINT "category_option_sets_option_set_id_option_sets_id_fk" FOREIGN KEY ("option_set_id") REFERENCES "public"."option_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_sizes" ADD CONSTRAINT "category_sizes_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_toppings" ADD CONSTRAINT "category_toppings_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_toppings" ADD CONSTRAINT "category_toppings_topping_id_toppings_id_fk" FOREIGN KEY ("topping_id") REFERENCES "public"."toppings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dressings" ADD CONSTRAINT "dressings_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extra_groups" ADD CONSTRAINT "extra_groups_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extra_selections" ADD CONSTRAINT "extra_selections_group_id_extra_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."extra_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_item_prices" ADD CONSTRAINT "menu_item_prices_item_id_menu_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."menu_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_item_prices" ADD CONSTRAINT "menu_item_prices_size_id_category_sizes_id_fk" FOREIGN KEY ("size_id") REFERENCES "public"."category_sizes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_set_selections" ADD CONSTRAINT "option_set_selections_set_id_option_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."option_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_sets" ADD CONSTRAINT "option_sets_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "toppings" ADD CONSTRAINT "toppings_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_restaurant_idx" ON "categories" USING btree ("restaurant_id");--> statement-breakpoint
CREATE INDEX "category_sizes_category_idx" ON "category_sizes" USING btree ("category_id","position");--> statement-breakpoint
CREATE INDEX "dressings_restaurant_idx" ON "dressings" USING btree ("restaurant_id");--> statement-breakpoint
CREATE INDEX "extra_groups_category_idx" ON "extra_groups" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "menu_items_category_idx" ON "menu_items" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "option_set_selections_set_idx" ON "option_set_selections" USING btree ("set_id","position");--> statement-breakpoint
CREATE INDEX "option_sets_restaurant_idx" ON "option_sets" USING btree ("restaurant_id");--> statement-breakpoint
CREATE INDEX "toppings_restaurant_idx" ON "toppings" USING btree ("restaurant_id");
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"code" text NOT NULL,
	"code_key" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"min_subtotal_cents" integer DEFAULT 0 NOT NULL,
	"starts_on" date,
	"ends_on" date,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"first_order_only" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_restaurant_code_key_unique" UNIQUE("restaurant_id","code_key"),
	CONSTRAINT "coupons_kind_check" CHECK ("coupons"."kind" in ('percent', 'amount')),
	CONSTRAINT "coupons_value_check" CHECK (("coupons"."kind" = 'percent' and "coupons"."value" between 1 and 100) or ("coupons"."kind" = 'amount' and "coupons"."value" >= 1)),
	CONSTRAINT "coupons_min_subtotal_check" CHECK ("coupons"."min_subtotal_cents" >= 0),
	CONSTRAINT "coupons_dates_check" CHECK ("coupons"."ends_on" is null or "coupons"."starts_on" is null or "coupons"."ends_on" >= "coupons"."starts_on"),
	CONSTRAINT "coupons_limits_check" CHECK (("coupons"."max_uses" is null or "coupons"."max_uses" >= 1) and ("coupons"."max_uses_per_customer" is null or "coupons"."max_uses_per_customer" >= 1) and "coupons"."uses" >= 0)
);
--> statement-breakpoint
CREATE TABLE "restaurant_tax_category_rates" (
	"restaurant_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"rate" integer NOT NULL,
	CONSTRAINT "restaurant_tax_category_rates_restaurant_id_category_id_pk" PRIMARY KEY("restaurant_id","category_id"),
	CONSTRAINT "restaurant_tax_category_rates_rate_check" CHECK ("restaurant_tax_category_rates"."rate" between 0 and 30000)
);
--> statement-breakpoint
CREATE TABLE "restaurant_tax_settings" (
	"restaurant_id" integer PRIMARY KEY NOT NULL,
	"prices_include_tax" boolean NOT NULL,
	"default_rate" integer NOT NULL,
	"delivery_fee_taxable" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restaurant_tax_settings_rate_check" CHECK ("restaurant_tax_settings"."default_rate" between 0 and 30000)
);
--> statement-breakpoint
CREATE TABLE "restaurant_tip_settings" (
	"restaurant_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"choices" integer[] NOT NULL,
	"allow_custom" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restaurant_tip_settings_choices_check" CHECK (cardinality("restaurant_tip_settings"."choices") <= 4 and 0 <= all("restaurant_tip_settings"."choices") and 500 >= all("restaurant_tip_settings"."choices"))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tip_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_tax_category_rates" ADD CONSTRAINT "restaurant_tax_category_rates_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_tax_category_rates" ADD CONSTRAINT "restaurant_tax_category_rates_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_tax_settings" ADD CONSTRAINT "restaurant_tax_settings_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restaurant_tip_settings" ADD CONSTRAINT "restaurant_tip_settings_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "restaurant_tax_category_rates_category_idx" ON "restaurant_tax_category_rates" USING btree ("category_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_coupon_idx" ON "orders" USING btree ("coupon_id") WHERE "orders"."coupon_id" is not null;--> statement-breakpoint
-- Taxes and tips change what the store page and its checkout show ("Prices include VAT", the tip
-- choices), so they raise the restaurant's version like every other setting (migrations 0009, 0011).
-- Coupons do not: the store page never shows them.
DO $$
DECLARE
  table_name text;
  event text;
BEGIN
  FOREACH table_name IN ARRAY ARRAY['restaurant_tax_settings', 'restaurant_tax_category_rates', 'restaurant_tip_settings'] LOOP
    FOREACH event IN ARRAY ARRAY['INSERT', 'UPDATE', 'DELETE'] LOOP
      EXECUTE format(
        'CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_restaurant_versions(%L)',
        table_name || '_bump_version_' || lower(event),
        event,
        table_name,
        CASE event WHEN 'DELETE' THEN 'OLD' ELSE 'NEW' END,
        'SELECT restaurant_id FROM changed'
      );
    END LOOP;
  END LOOP;
END $$;

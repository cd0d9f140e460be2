CREATE TABLE "territories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text,
	"phone" text,
	"email" text,
	"rep_name" text,
	"rep_dob" date,
	"rep_meze_email" text,
	"rep_personal_email" text,
	"rep_phone" text,
	"rep_address" text,
	"current_commission" text,
	"settlement_date" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"rep_photo" text,
	"wallpaper" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "territories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "territory_circles" (
	"id" serial PRIMARY KEY NOT NULL,
	"territory_id" integer NOT NULL,
	"center_lat" double precision NOT NULL,
	"center_lng" double precision NOT NULL,
	"radius_meters" integer NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "territory_socials" (
	"id" serial PRIMARY KEY NOT NULL,
	"territory_id" integer NOT NULL,
	"platform_name" text NOT NULL,
	"platform_url" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "territory_zips" (
	"territory_id" integer NOT NULL,
	"zip_code" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "territory_zips_territory_id_zip_code_pk" PRIMARY KEY("territory_id","zip_code")
);
--> statement-breakpoint
ALTER TABLE "territory_circles" ADD CONSTRAINT "territory_circles_territory_id_territories_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territory_socials" ADD CONSTRAINT "territory_socials_territory_id_territories_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territory_zips" ADD CONSTRAINT "territory_zips_territory_id_territories_id_fk" FOREIGN KEY ("territory_id") REFERENCES "public"."territories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "territory_circles_territory_idx" ON "territory_circles" USING btree ("territory_id","position");--> statement-breakpoint
CREATE INDEX "territory_socials_territory_idx" ON "territory_socials" USING btree ("territory_id","position");--> statement-breakpoint
CREATE INDEX "territory_zips_zip_code_idx" ON "territory_zips" USING btree ("zip_code");
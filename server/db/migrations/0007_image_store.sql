CREATE TABLE "housekeeping_runs" (
	"task" text PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "image_blobs" (
	"sha256" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploaded_images" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "uploaded_images" ADD CONSTRAINT "uploaded_images_sha256_image_blobs_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."image_blobs"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploaded_images_sha256_idx" ON "uploaded_images" USING btree ("sha256");--> statement-breakpoint
-- The last upload pointing at a blob takes it along, however that row goes (a replaced picture,
-- a deleted territory, a user's cascade). A blob another transaction has just pointed a new
-- upload at refuses the delete (the foreign key): it stays, which is what that upload needs.
CREATE FUNCTION "forget_unused_image_blob"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF OLD.sha256 IS NOT NULL THEN
		BEGIN
			DELETE FROM image_blobs b WHERE b.sha256 = OLD.sha256
				AND NOT EXISTS (SELECT 1 FROM uploaded_images u WHERE u.sha256 = OLD.sha256);
		EXCEPTION WHEN foreign_key_violation THEN
			NULL;
		END;
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "uploaded_images_forget_unused_blob" AFTER DELETE ON "uploaded_images"
	FOR EACH ROW EXECUTE FUNCTION "forget_unused_image_blob"();

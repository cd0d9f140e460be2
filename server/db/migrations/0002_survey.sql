CREATE TABLE "survey_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answers" jsonb NOT NULL,
	"contact_email" text,
	"early_access" boolean DEFAULT false NOT NULL,
	"user_agent" text
);
--> statement-breakpoint
CREATE INDEX "survey_responses_created_idx" ON "survey_responses" USING btree ("created_at");
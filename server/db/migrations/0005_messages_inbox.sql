-- pg_trgm: the inbox's email contains-filter (messages_email_trgm_idx). A trusted extension since
-- PostgreSQL 13: the database's owner may create it; PGlite loads it (PGLITE_EXTENSIONS).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "messages_created_idx";--> statement-breakpoint
CREATE INDEX "messages_created_id_idx" ON "messages" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_status_created_id_idx" ON "messages" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_email_trgm_idx" ON "messages" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "messages_zip_created_idx" ON "messages" USING btree ("zip_code","created_at");
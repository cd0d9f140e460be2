DROP INDEX "messages_created_idx";--> statement-breakpoint
CREATE INDEX "messages_created_id_idx" ON "messages" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_status_created_id_idx" ON "messages" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_zip_created_idx" ON "messages" USING btree ("zip_code","created_at");
-- Admin lists at the growth sizes (decision 243): substring searches served by trigram GIN indexes (pg_trgm, a
-- trusted extension: the database owner may create it; the embedded engine loads it as it loads btree_gist), and
-- the admin tutor list's order.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin (lower("username") gin_trgm_ops,lower("email") gin_trgm_ops,lower("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tutors_admin_order_idx" ON "tutors" USING btree ("review_average" DESC NULLS FIRST,"review_count" DESC NULLS FIRST,"full_name","id");--> statement-breakpoint
CREATE INDEX "tutors_admin_search_idx" ON "tutors" USING gin ("full_name" gin_trgm_ops,"subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "reservations_search_idx" ON "reservations" USING gin ("full_name" gin_trgm_ops,"email" gin_trgm_ops,"guardian_full_name" gin_trgm_ops,"guardian_email" gin_trgm_ops,"student_full_name" gin_trgm_ops);
-- Lists and reports at the growth sizes (decision 241): each admin list's order and filters, the reports' date
-- ranges and a few lookups that read whole tables, served by indexes.
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"username");--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at" DESC NULLS FIRST,"username");--> statement-breakpoint
CREATE INDEX "reservations_created_idx" ON "reservations" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "reservations_status_created_idx" ON "reservations" USING btree ("status","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "reservations_tutor_created_idx" ON "reservations" USING btree ("tutor_id","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "sessions_starts_idx" ON "sessions" USING btree ("starts_at","status","ends_at","tutor_id","reservation_id");--> statement-breakpoint
CREATE INDEX "sessions_cancelled_idx" ON "sessions" USING btree (coalesce("cancelled_at", "updated_at")) WHERE "sessions"."status" = 'cancelled';--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "payments_status_created_idx" ON "payments" USING btree ("status","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "payments_paid_idx" ON "payments" USING btree ("paid_at","currency","status","amount_cents") WHERE "payments"."paid_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_status_created_idx" ON "refunds" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "blog_comments_queue_idx" ON "blog_comments" USING btree (("status" = 'pending'),"created_at","id");--> statement-breakpoint
CREATE INDEX "blog_comments_status_idx" ON "blog_comments" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "blog_comments_ip_idx" ON "blog_comments" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "conversations_family_idx" ON "conversations" USING btree ("family_user_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_kind_idx" ON "ledger_transactions" USING btree ("kind","occurred_at");
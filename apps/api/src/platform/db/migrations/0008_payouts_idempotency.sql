-- The payouts screen's balances by tutor name and by when they became payable (decision 244), and the answers of
-- requests sent with an Idempotency-Key (decision 248).
CREATE TABLE "idempotency_keys" (
	"owner" text NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"body_hash" text NOT NULL,
	"status" integer,
	"content_type" text DEFAULT '' NOT NULL,
	"response_body" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_owner_key_pk" PRIMARY KEY("owner","key")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_idx" ON "idempotency_keys" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "tutors_name_idx" ON "tutors" USING btree ("full_name","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_payable_available_idx" ON "ledger_entries" USING btree ("available_at") WHERE "ledger_entries"."account" = 'tutor_payable';
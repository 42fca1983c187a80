CREATE TABLE "homework" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"reservation_id" uuid NOT NULL,
	"tutor_id" integer NOT NULL,
	"text" text NOT NULL,
	"attachment_file_id" uuid,
	"due_on" date NOT NULL,
	"tutor_note" text DEFAULT '' NOT NULL,
	"done_at" timestamp with time zone,
	"done_by_user_id" uuid,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"tutor_id" integer NOT NULL,
	"kind" text NOT NULL,
	"cause" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"reported_by_user_id" uuid,
	"reported_by_role" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"dispute_note" text DEFAULT '' NOT NULL,
	"disputed_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"resolved_by_user_id" uuid,
	"resolution" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "substitution_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reservation_id" uuid NOT NULL,
	"from_tutor_id" integer NOT NULL,
	"to_tutor_id" integer NOT NULL,
	"session_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price_difference_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"token_hash" text NOT NULL,
	"created_by_user_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "substitution_offers_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "private_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uploader_user_id" uuid,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "private_files_storageKey_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
ALTER TABLE "tutors" ADD COLUMN "trial_minutes" integer;--> statement-breakpoint
ALTER TABLE "tutors" ADD COLUMN "trial_price_cents" integer;--> statement-breakpoint
ALTER TABLE "tutors" ADD COLUMN "trial_price_etb_cents" integer;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "kind" text DEFAULT 'weekly' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "makeup_of_session_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "attachment_file_id" uuid;--> statement-breakpoint
ALTER TABLE "homework" ADD CONSTRAINT "homework_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework" ADD CONSTRAINT "homework_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework" ADD CONSTRAINT "homework_tutor_id_tutors_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."tutors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework" ADD CONSTRAINT "homework_attachment_file_id_private_files_id_fk" FOREIGN KEY ("attachment_file_id") REFERENCES "public"."private_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework" ADD CONSTRAINT "homework_done_by_user_id_users_id_fk" FOREIGN KEY ("done_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework" ADD CONSTRAINT "homework_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_incidents" ADD CONSTRAINT "session_incidents_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_incidents" ADD CONSTRAINT "session_incidents_tutor_id_tutors_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."tutors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_incidents" ADD CONSTRAINT "session_incidents_reported_by_user_id_users_id_fk" FOREIGN KEY ("reported_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_incidents" ADD CONSTRAINT "session_incidents_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitution_offers" ADD CONSTRAINT "substitution_offers_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitution_offers" ADD CONSTRAINT "substitution_offers_from_tutor_id_tutors_id_fk" FOREIGN KEY ("from_tutor_id") REFERENCES "public"."tutors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitution_offers" ADD CONSTRAINT "substitution_offers_to_tutor_id_tutors_id_fk" FOREIGN KEY ("to_tutor_id") REFERENCES "public"."tutors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "substitution_offers" ADD CONSTRAINT "substitution_offers_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_files" ADD CONSTRAINT "private_files_uploader_user_id_users_id_fk" FOREIGN KEY ("uploader_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "homework_reservation_idx" ON "homework" USING btree ("reservation_id","due_on");--> statement-breakpoint
CREATE INDEX "homework_session_idx" ON "homework" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "homework_tutor_idx" ON "homework" USING btree ("tutor_id","due_on");--> statement-breakpoint
CREATE UNIQUE INDEX "session_incidents_session_key" ON "session_incidents" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "session_incidents_tutor_idx" ON "session_incidents" USING btree ("tutor_id","created_at");--> statement-breakpoint
CREATE INDEX "session_incidents_due_idx" ON "session_incidents" USING btree ("status","deadline_at");--> statement-breakpoint
CREATE INDEX "session_incidents_created_idx" ON "session_incidents" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "substitution_offers_pending_key" ON "substitution_offers" USING btree ("reservation_id") WHERE "substitution_offers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "substitution_offers_created_idx" ON "substitution_offers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "private_files_uploader_idx" ON "private_files" USING btree ("uploader_user_id","created_at");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_makeup_of_session_id_sessions_id_fk" FOREIGN KEY ("makeup_of_session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_attachment_file_id_private_files_id_fk" FOREIGN KEY ("attachment_file_id") REFERENCES "public"."private_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_one_trial_key" ON "reservations" USING btree ("tutor_id",lower("email")) WHERE "reservations"."kind" = 'trial' AND "reservations"."status" IN ('pending_payment', 'confirmed', 'completed');--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_makeup_key" ON "sessions" USING btree ("makeup_of_session_id") WHERE "sessions"."makeup_of_session_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "tutors" ADD CONSTRAINT "tutors_trial_offer" CHECK ("tutors"."trial_minutes" IS NULL OR ("tutors"."trial_minutes" IN (30, 45) AND "tutors"."trial_price_cents" >= 0));
-- The Citus layout of docs/scaling.md, applied on top of the committed migrations (0000–0004).
--
-- Citus distributes a table by one column and needs that column in every primary key, unique constraint and
-- exclusion constraint of the table, and on both sides of a foreign key between two distributed tables. This
-- script rewrites the keys so that they do, adding the tutor id where a table lacks it (backfilled from its
-- reservation), and, when the citus extension is installed, creates the reference and distributed tables.
-- On plain PostgreSQL it stops before the Citus calls; the API test citus-layout.test.ts runs it there and
-- checks the keys. Statements are separated as in drizzle's migrations.

-- 1. Tutor-owned rows that lack the tutor id get it, from their reservation (or payment, or session).
ALTER TABLE payments ADD COLUMN tutor_id integer;
--> statement-breakpoint
UPDATE payments p SET tutor_id = r.tutor_id FROM reservations r WHERE r.id = p.reservation_id;
--> statement-breakpoint
ALTER TABLE payments ALTER COLUMN tutor_id SET NOT NULL;
--> statement-breakpoint
ALTER TABLE refunds ADD COLUMN tutor_id integer;
--> statement-breakpoint
UPDATE refunds f SET tutor_id = p.tutor_id FROM payments p WHERE p.id = f.payment_id;
--> statement-breakpoint
ALTER TABLE refunds ALTER COLUMN tutor_id SET NOT NULL;
--> statement-breakpoint
ALTER TABLE booking_events ADD COLUMN tutor_id integer;
--> statement-breakpoint
UPDATE booking_events e SET tutor_id = r.tutor_id FROM reservations r WHERE r.id = e.reservation_id;
--> statement-breakpoint
ALTER TABLE booking_events ALTER COLUMN tutor_id SET NOT NULL;
--> statement-breakpoint
ALTER TABLE reminder_deliveries ADD COLUMN tutor_id integer;
--> statement-breakpoint
UPDATE reminder_deliveries d SET tutor_id = s.tutor_id FROM sessions s WHERE s.id = d.session_id;
--> statement-breakpoint
ALTER TABLE reminder_deliveries ALTER COLUMN tutor_id SET NOT NULL;
--> statement-breakpoint
-- A provider event concerns one payment, so one tutor: the app reads the tutor id from the event's metadata.
ALTER TABLE webhook_events ADD COLUMN tutor_id integer;
--> statement-breakpoint
DELETE FROM webhook_events WHERE tutor_id IS NULL;
--> statement-breakpoint
ALTER TABLE webhook_events ALTER COLUMN tutor_id SET NOT NULL;
--> statement-breakpoint
ALTER TABLE messages ADD COLUMN tutor_user_id uuid;
--> statement-breakpoint
UPDATE messages m SET tutor_user_id = c.tutor_user_id FROM conversations c WHERE c.id = m.conversation_id;
--> statement-breakpoint
ALTER TABLE messages ALTER COLUMN tutor_user_id SET NOT NULL;
--> statement-breakpoint
-- Issue 31: a tutor's move request belongs to its session's tutor; a report to its conversation's tutor.
ALTER TABLE session_move_requests ADD COLUMN tutor_id integer;
--> statement-breakpoint
UPDATE session_move_requests q SET tutor_id = s.tutor_id FROM sessions s WHERE s.id = q.session_id;
--> statement-breakpoint
ALTER TABLE session_move_requests ALTER COLUMN tutor_id SET NOT NULL;
--> statement-breakpoint
ALTER TABLE message_reports ADD COLUMN tutor_user_id uuid;
--> statement-breakpoint
UPDATE message_reports m SET tutor_user_id = c.tutor_user_id FROM conversations c WHERE c.id = m.conversation_id;
--> statement-breakpoint
ALTER TABLE message_reports ALTER COLUMN tutor_user_id SET NOT NULL;
--> statement-breakpoint

-- 2. Foreign keys on single-column ids go (composite ones replace them below); credit_ledger is distributed by
--    family e-mail, so its links to reservations and sessions become plain columns the app keeps.
ALTER TABLE sessions DROP CONSTRAINT sessions_reservation_id_reservations_id_fk;
--> statement-breakpoint
ALTER TABLE payments DROP CONSTRAINT payments_reservation_id_reservations_id_fk;
--> statement-breakpoint
ALTER TABLE refunds DROP CONSTRAINT refunds_payment_id_payments_id_fk;
--> statement-breakpoint
ALTER TABLE progress_notes DROP CONSTRAINT progress_notes_reservation_id_reservations_id_fk;
--> statement-breakpoint
ALTER TABLE progress_notes DROP CONSTRAINT progress_notes_session_id_sessions_id_fk;
--> statement-breakpoint
ALTER TABLE booking_events DROP CONSTRAINT booking_events_reservation_id_reservations_id_fk;
--> statement-breakpoint
ALTER TABLE booking_events DROP CONSTRAINT booking_events_session_id_sessions_id_fk;
--> statement-breakpoint
ALTER TABLE reminder_deliveries DROP CONSTRAINT reminder_deliveries_session_id_sessions_id_fk;
--> statement-breakpoint
ALTER TABLE credit_ledger DROP CONSTRAINT credit_ledger_reservation_id_reservations_id_fk;
--> statement-breakpoint
ALTER TABLE credit_ledger DROP CONSTRAINT credit_ledger_session_id_sessions_id_fk;
--> statement-breakpoint
ALTER TABLE messages DROP CONSTRAINT messages_conversation_id_conversations_id_fk;
--> statement-breakpoint
ALTER TABLE session_move_requests DROP CONSTRAINT session_move_requests_session_id_sessions_id_fk;
--> statement-breakpoint
ALTER TABLE message_reports DROP CONSTRAINT message_reports_conversation_id_conversations_id_fk;
--> statement-breakpoint
ALTER TABLE message_reports DROP CONSTRAINT message_reports_message_id_messages_id_fk;
--> statement-breakpoint
-- Issue 30: a make-up and its interrupted session, an incident, homework: all of one tutor. Private files sit on
-- the coordinator and what points at them keeps the id as a plain column; a substitution offer spans two tutors
-- and is read by its link's token, so it stays on the coordinator too, its reservation a plain column.
ALTER TABLE sessions DROP CONSTRAINT sessions_makeup_of_session_id_sessions_id_fk;
--> statement-breakpoint
ALTER TABLE session_incidents DROP CONSTRAINT session_incidents_session_id_sessions_id_fk;
--> statement-breakpoint
ALTER TABLE homework DROP CONSTRAINT homework_session_id_sessions_id_fk;
--> statement-breakpoint
ALTER TABLE homework DROP CONSTRAINT homework_reservation_id_reservations_id_fk;
--> statement-breakpoint
ALTER TABLE homework DROP CONSTRAINT homework_attachment_file_id_private_files_id_fk;
--> statement-breakpoint
ALTER TABLE messages DROP CONSTRAINT messages_attachment_file_id_private_files_id_fk;
--> statement-breakpoint
ALTER TABLE substitution_offers DROP CONSTRAINT substitution_offers_reservation_id_reservations_id_fk;
--> statement-breakpoint

-- 3. Keys that include the distribution column.
ALTER TABLE reservations DROP CONSTRAINT reservations_pkey, ADD PRIMARY KEY (tutor_id, id);
--> statement-breakpoint
ALTER TABLE sessions DROP CONSTRAINT sessions_pkey, ADD PRIMARY KEY (tutor_id, id);
--> statement-breakpoint
ALTER TABLE payments
  DROP CONSTRAINT payments_pkey,
  ADD PRIMARY KEY (tutor_id, id),
  DROP CONSTRAINT "payments_providerSessionId_unique",
  ADD CONSTRAINT payments_provider_session_key UNIQUE (tutor_id, provider_session_id),
  DROP CONSTRAINT "payments_idempotencyKey_unique",
  ADD CONSTRAINT payments_idempotency_key UNIQUE (tutor_id, idempotency_key);
--> statement-breakpoint
ALTER TABLE refunds
  DROP CONSTRAINT refunds_pkey,
  ADD PRIMARY KEY (tutor_id, id),
  DROP CONSTRAINT "refunds_idempotencyKey_unique",
  ADD CONSTRAINT refunds_idempotency_key UNIQUE (tutor_id, idempotency_key);
--> statement-breakpoint
ALTER TABLE progress_notes DROP CONSTRAINT progress_notes_pkey, ADD PRIMARY KEY (tutor_id, id);
--> statement-breakpoint
ALTER TABLE booking_events DROP CONSTRAINT booking_events_pkey, ADD PRIMARY KEY (tutor_id, id);
--> statement-breakpoint
ALTER TABLE reminder_deliveries
  DROP CONSTRAINT reminder_deliveries_session_id_kind_pk,
  ADD PRIMARY KEY (tutor_id, session_id, kind);
--> statement-breakpoint
ALTER TABLE webhook_events
  DROP CONSTRAINT webhook_events_provider_event_id_pk,
  ADD PRIMARY KEY (tutor_id, provider, event_id);
--> statement-breakpoint
ALTER TABLE tutor_availability DROP CONSTRAINT tutor_availability_pkey, ADD PRIMARY KEY (tutor_id, id);
--> statement-breakpoint
ALTER TABLE tutor_time_off DROP CONSTRAINT tutor_time_off_pkey, ADD PRIMARY KEY (tutor_id, id);
--> statement-breakpoint
ALTER TABLE reviews DROP CONSTRAINT reviews_pkey, ADD PRIMARY KEY (tutor_id, id);
--> statement-breakpoint
-- A presented token carries its user's id (`<user id>.<secret>`), so a lookup goes to one shard.
ALTER TABLE refresh_tokens
  DROP CONSTRAINT refresh_tokens_pkey,
  ADD PRIMARY KEY (user_id, id),
  DROP CONSTRAINT "refresh_tokens_tokenHash_unique",
  ADD CONSTRAINT refresh_tokens_user_token_key UNIQUE (user_id, token_hash);
--> statement-breakpoint
ALTER TABLE password_tokens
  DROP CONSTRAINT password_tokens_pkey,
  ADD PRIMARY KEY (user_id, id),
  DROP CONSTRAINT "password_tokens_tokenHash_unique",
  ADD CONSTRAINT password_tokens_user_token_key UNIQUE (user_id, token_hash);
--> statement-breakpoint
ALTER TABLE conversations DROP CONSTRAINT conversations_pkey, ADD PRIMARY KEY (tutor_user_id, id);
--> statement-breakpoint
ALTER TABLE messages DROP CONSTRAINT messages_pkey, ADD PRIMARY KEY (tutor_user_id, id);
--> statement-breakpoint
ALTER TABLE credit_ledger DROP CONSTRAINT credit_ledger_pkey, ADD PRIMARY KEY (family_email, id);
--> statement-breakpoint
ALTER TABLE session_move_requests DROP CONSTRAINT session_move_requests_pkey, ADD PRIMARY KEY (tutor_id, id);
--> statement-breakpoint
ALTER TABLE tutor_availability_versions
  DROP CONSTRAINT tutor_availability_versions_pkey,
  ADD PRIMARY KEY (tutor_id, id);
--> statement-breakpoint
ALTER TABLE message_reports DROP CONSTRAINT message_reports_pkey, ADD PRIMARY KEY (tutor_user_id, id);
--> statement-breakpoint
DROP INDEX sessions_makeup_key;
--> statement-breakpoint
CREATE UNIQUE INDEX sessions_makeup_key ON sessions (tutor_id, makeup_of_session_id)
  WHERE makeup_of_session_id IS NOT NULL;
--> statement-breakpoint
ALTER TABLE session_incidents DROP CONSTRAINT session_incidents_pkey, ADD PRIMARY KEY (tutor_id, id);
--> statement-breakpoint
DROP INDEX session_incidents_session_key;
--> statement-breakpoint
CREATE UNIQUE INDEX session_incidents_session_key ON session_incidents (tutor_id, session_id);
--> statement-breakpoint
ALTER TABLE homework DROP CONSTRAINT homework_pkey, ADD PRIMARY KEY (tutor_id, id);
--> statement-breakpoint
-- sessions_no_overlap is kept as it is: EXCLUDE USING gist (tutor_id WITH =, tstzrange(...) WITH &&) already
-- includes the distribution column, so each shard enforces it for its own tutors.

-- 4. Composite foreign keys inside the tutor co-location group (both sides on one shard).
ALTER TABLE sessions ADD CONSTRAINT sessions_reservation_fk
  FOREIGN KEY (tutor_id, reservation_id) REFERENCES reservations (tutor_id, id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE payments ADD CONSTRAINT payments_reservation_fk
  FOREIGN KEY (tutor_id, reservation_id) REFERENCES reservations (tutor_id, id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE refunds ADD CONSTRAINT refunds_payment_fk
  FOREIGN KEY (tutor_id, payment_id) REFERENCES payments (tutor_id, id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE progress_notes ADD CONSTRAINT progress_notes_reservation_fk
  FOREIGN KEY (tutor_id, reservation_id) REFERENCES reservations (tutor_id, id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE progress_notes ADD CONSTRAINT progress_notes_session_fk
  FOREIGN KEY (tutor_id, session_id) REFERENCES sessions (tutor_id, id) ON DELETE SET NULL (session_id);
--> statement-breakpoint
ALTER TABLE booking_events ADD CONSTRAINT booking_events_reservation_fk
  FOREIGN KEY (tutor_id, reservation_id) REFERENCES reservations (tutor_id, id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE booking_events ADD CONSTRAINT booking_events_session_fk
  FOREIGN KEY (tutor_id, session_id) REFERENCES sessions (tutor_id, id) ON DELETE SET NULL (session_id);
--> statement-breakpoint
ALTER TABLE reminder_deliveries ADD CONSTRAINT reminder_deliveries_session_fk
  FOREIGN KEY (tutor_id, session_id) REFERENCES sessions (tutor_id, id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE messages ADD CONSTRAINT messages_conversation_fk
  FOREIGN KEY (tutor_user_id, conversation_id) REFERENCES conversations (tutor_user_id, id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE session_move_requests ADD CONSTRAINT session_move_requests_session_fk
  FOREIGN KEY (tutor_id, session_id) REFERENCES sessions (tutor_id, id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE message_reports ADD CONSTRAINT message_reports_conversation_fk
  FOREIGN KEY (tutor_user_id, conversation_id) REFERENCES conversations (tutor_user_id, id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE message_reports ADD CONSTRAINT message_reports_message_fk
  FOREIGN KEY (tutor_user_id, message_id) REFERENCES messages (tutor_user_id, id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE sessions ADD CONSTRAINT sessions_makeup_fk
  FOREIGN KEY (tutor_id, makeup_of_session_id) REFERENCES sessions (tutor_id, id) ON DELETE SET NULL (makeup_of_session_id);
--> statement-breakpoint
ALTER TABLE session_incidents ADD CONSTRAINT session_incidents_session_fk
  FOREIGN KEY (tutor_id, session_id) REFERENCES sessions (tutor_id, id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE homework ADD CONSTRAINT homework_session_fk
  FOREIGN KEY (tutor_id, session_id) REFERENCES sessions (tutor_id, id) ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE homework ADD CONSTRAINT homework_reservation_fk
  FOREIGN KEY (tutor_id, reservation_id) REFERENCES reservations (tutor_id, id) ON DELETE CASCADE;
--> statement-breakpoint

-- 5. On Citus: reference tables (a copy on every node), then the co-location groups, then the tables that stay
--    on the coordinator. Plain PostgreSQL skips this block.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'citus') THEN
    RETURN;
  END IF;
  PERFORM create_reference_table('users');
  PERFORM create_reference_table('subjects');
  PERFORM create_reference_table('tutors');
  PERFORM create_reference_table('offers');
  PERFORM create_reference_table('blog_categories');
  PERFORM create_reference_table('blog_tags');
  PERFORM create_reference_table('blog_posts');
  PERFORM create_reference_table('blog_post_tags');
  PERFORM create_reference_table('blog_comments');
  PERFORM create_reference_table('site_settings');
  -- Issue 27: applications, their documents' records and the checks are few and read with the tutor they belong
  -- to (a reference table); so is where each tutor is paid.
  PERFORM create_reference_table('tutor_applications');
  PERFORM create_reference_table('tutor_documents');
  PERFORM create_reference_table('tutor_document_files');
  PERFORM create_reference_table('tutor_checks');
  PERFORM create_reference_table('payout_methods');

  PERFORM create_distributed_table('reservations', 'tutor_id');
  PERFORM create_distributed_table('sessions', 'tutor_id', colocate_with => 'reservations');
  PERFORM create_distributed_table('payments', 'tutor_id', colocate_with => 'reservations');
  PERFORM create_distributed_table('refunds', 'tutor_id', colocate_with => 'reservations');
  PERFORM create_distributed_table('progress_notes', 'tutor_id', colocate_with => 'reservations');
  PERFORM create_distributed_table('booking_events', 'tutor_id', colocate_with => 'reservations');
  PERFORM create_distributed_table('reminder_deliveries', 'tutor_id', colocate_with => 'reservations');
  PERFORM create_distributed_table('webhook_events', 'tutor_id', colocate_with => 'reservations');
  PERFORM create_distributed_table('tutor_availability', 'tutor_id', colocate_with => 'reservations');
  PERFORM create_distributed_table('tutor_time_off', 'tutor_id', colocate_with => 'reservations');
  PERFORM create_distributed_table('reviews', 'tutor_id', colocate_with => 'reservations');
  PERFORM create_distributed_table('session_move_requests', 'tutor_id', colocate_with => 'reservations');
  PERFORM create_distributed_table('tutor_availability_versions', 'tutor_id', colocate_with => 'reservations');
  PERFORM create_distributed_table('session_incidents', 'tutor_id', colocate_with => 'reservations');
  PERFORM create_distributed_table('homework', 'tutor_id', colocate_with => 'reservations');

  PERFORM create_distributed_table('refresh_tokens', 'user_id', colocate_with => 'none');
  PERFORM create_distributed_table('password_tokens', 'user_id', colocate_with => 'refresh_tokens');

  PERFORM create_distributed_table('conversations', 'tutor_user_id', colocate_with => 'none');
  PERFORM create_distributed_table('messages', 'tutor_user_id', colocate_with => 'conversations');
  PERFORM create_distributed_table('message_reports', 'tutor_user_id', colocate_with => 'conversations');

  PERFORM create_distributed_table('credit_ledger', 'family_email', colocate_with => 'none');

  PERFORM citus_add_local_table_to_metadata('mail_outbox');
  PERFORM citus_add_local_table_to_metadata('audit_log');
  PERFORM citus_add_local_table_to_metadata('contact_messages');
  PERFORM citus_add_local_table_to_metadata('newsletter_subscribers');
  -- The Idempotency-Key answers (decision 248): one insert claims a key, short-lived rows, purged after a day.
  PERFORM citus_add_local_table_to_metadata('idempotency_keys');
  -- One ledger (DESIGN §1.14): a transaction's entries span the family, the platform and a tutor and are checked
  -- to balance at commit, so the ledger and the payouts posted to it stay together on the coordinator (a few
  -- entries per lesson; far below one node's limits).
  PERFORM citus_add_local_table_to_metadata('ledger_transactions');
  PERFORM citus_add_local_table_to_metadata('ledger_entries');
  PERFORM citus_add_local_table_to_metadata('payout_runs');
  PERFORM citus_add_local_table_to_metadata('payouts');
  -- Issue 30: files' records (the bytes are in storage) and the admins' substitution offers.
  PERFORM citus_add_local_table_to_metadata('private_files');
  PERFORM citus_add_local_table_to_metadata('substitution_offers');
END
$$;

-- Directory search (decision 239). The lower-cased list of a tutor's languages, for a case-insensitive filter
-- served by a GIN index.
CREATE OR REPLACE FUNCTION tutor_languages_key(langs text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(lower(l)), '{}'::text[]) FROM unnest(langs) AS l $$;
--> statement-breakpoint
ALTER TABLE "tutors" ADD COLUMN "languages" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tutors" ADD COLUMN "review_average" numeric(3, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "tutors" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tutors" ADD COLUMN "next_free_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tutors" ADD COLUMN "next_free_due_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "tutors_search_rating_idx" ON "tutors" USING btree ("review_average" DESC NULLS LAST,"review_count" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "tutors"."is_published" AND "tutors"."is_active";--> statement-breakpoint
CREATE INDEX "tutors_search_price_idx" ON "tutors" USING btree ("hourly_rate_cents","id") WHERE "tutors"."is_published" AND "tutors"."is_active";--> statement-breakpoint
CREATE INDEX "tutors_search_next_free_idx" ON "tutors" USING btree (coalesce("next_free_at", 'infinity'::timestamptz),"id") WHERE "tutors"."is_published" AND "tutors"."is_active";--> statement-breakpoint
CREATE INDEX "tutors_languages_idx" ON "tutors" USING gin (tutor_languages_key("languages"));--> statement-breakpoint
CREATE INDEX "tutors_next_free_due_idx" ON "tutors" USING btree ("next_free_due_at") WHERE "tutors"."is_published" AND "tutors"."is_active";--> statement-breakpoint
-- Each tutor's review mean (two decimals, 0 without reviews) and count, kept by the database on every change of
-- reviews, whoever writes them, so that the directory sorts by rating with an index (decision 239). The tutors'
-- rows are locked first, so that the counts read afterwards include a concurrent writer's committed review.
CREATE OR REPLACE FUNCTION tutors_refresh_review_totals() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT tutor_id) INTO ids FROM new_reviews;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT tutor_id) INTO ids FROM old_reviews;
  ELSE
    SELECT array_agg(DISTINCT c.tutor_id) INTO ids
      FROM (SELECT tutor_id FROM new_reviews UNION SELECT tutor_id FROM old_reviews) c;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM "tutors" WHERE "id" = ANY (ids) ORDER BY "id" FOR UPDATE;
  UPDATE "tutors" t
     SET "review_average" = coalesce(a.average, 0), "review_count" = a.n
    FROM (
      SELECT c.id AS tutor_id, round(avg(r.rating)::numeric, 2) AS average, count(r.id)::int AS n
        FROM unnest(ids) AS c(id)
        LEFT JOIN "reviews" r ON r.tutor_id = c.id
       GROUP BY c.id
    ) a
   WHERE t.id = a.tutor_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "reviews_totals_insert" AFTER INSERT ON "reviews" REFERENCING NEW TABLE AS new_reviews
  FOR EACH STATEMENT EXECUTE FUNCTION tutors_refresh_review_totals();
--> statement-breakpoint
CREATE TRIGGER "reviews_totals_update" AFTER UPDATE ON "reviews" REFERENCING OLD TABLE AS old_reviews NEW TABLE AS new_reviews
  FOR EACH STATEMENT EXECUTE FUNCTION tutors_refresh_review_totals();
--> statement-breakpoint
CREATE TRIGGER "reviews_totals_delete" AFTER DELETE ON "reviews" REFERENCING OLD TABLE AS old_reviews
  FOR EACH STATEMENT EXECUTE FUNCTION tutors_refresh_review_totals();
--> statement-breakpoint
UPDATE "tutors" t
   SET "review_average" = a.average, "review_count" = a.n
  FROM (
    SELECT tutor_id, round(avg(rating)::numeric, 2) AS average, count(*)::int AS n FROM "reviews" GROUP BY tutor_id
  ) a
 WHERE t.id = a.tutor_id;

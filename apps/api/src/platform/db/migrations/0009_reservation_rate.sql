ALTER TABLE "reservations" ADD COLUMN "hourly_rate_cents" integer;--> statement-breakpoint
-- Backfill (decision 251): the rate a booking was bought at, where its amount and sessions still say it: amount ÷
-- (sessions held, scheduled, done or missed × hours), kept only when it divides evenly; otherwise left unknown (null).
UPDATE "reservations" r SET "hourly_rate_cents" = s.rate
FROM (
  SELECT x."id", x."amount_cents" * 60 / (count(*) * x."duration_minutes") AS rate,
         x."amount_cents" * 60 % (count(*) * x."duration_minutes") AS rest
  FROM "reservations" x JOIN "sessions" se ON se."reservation_id" = x."id"
  WHERE se."status" IN ('held', 'scheduled', 'completed', 'no_show') AND x."amount_cents" > 0
  GROUP BY x."id", x."amount_cents", x."duration_minutes"
) s
WHERE r."id" = s."id" AND s.rest = 0 AND r."hourly_rate_cents" IS NULL;

// The growth data of `npm run bench:scale` (DESIGN §4 "Growth", issue 28 item 5): set-based SQL only
// (INSERT … SELECT generate_series), so that 1,000,000 sessions take minutes, not hours. At scale 1: 20,000
// published tutors with weekly availability and reviews, 100,000 family accounts, 200,000 reservations of 5
// sessions each (1,000,000 sessions over two years, about three months of them ahead), their payments, refunds
// and ledger transactions, some conversations. Every tutor's sessions sit on distinct slots (every 14 days), so
// the exclusion constraint holds; statuses are mixed as the lifecycle leaves them (past sessions completed or
// missed, future ones scheduled, some bookings cancelled and refunded, some lapsed).
//
// Runs as the database owner with `session_replication_role = replica` (no triggers, no foreign-key checks:
// every row is built consistent), then fills what the triggers would have kept (the tutors' review totals).

/** What a scale makes: rows per table. */
export function sizes(scale) {
  const tutors = Math.max(50, Math.round(20_000 * scale));
  const families = Math.max(100, Math.round(100_000 * scale));
  return { tutors, families, reservationsPerTutor: 10, sessionsPerReservation: 5, reviewsPerTutor: 5 };
}

const FIRST = [
  'Abebe',
  'Almaz',
  'Bekele',
  'Bethlehem',
  'Dawit',
  'Eden',
  'Fikru',
  'Genet',
  'Hana',
  'Henok',
  'Kebede',
  'Liya',
  'Meron',
  'Mulugeta',
  'Nardos',
  'Robel',
  'Selam',
  'Samuel',
  'Tigist',
  'Yonas',
  'Zewdu',
  'Hirut',
  'Kidus',
  'Mahlet',
];
const LAST = [
  'Alemu',
  'Bekele',
  'Desta',
  'Fikre',
  'Girma',
  'Haile',
  'Kassa',
  'Lemma',
  'Mekonnen',
  'Negash',
  'Tadesse',
  'Tesfaye',
  'Wolde',
  'Yohannes',
  'Zeleke',
  'Assefa',
  'Getachew',
  'Abate',
  'Berhane',
];
const LANGUAGES = [
  'English,Amharic',
  'Amharic',
  'English',
  'Afaan Oromoo,English',
  'Amharic,Tigrinya,English',
  'English,French',
];
const arr = (items) => `array[${items.map((s) => `'${s}'`).join(',')}]`;

/**
 * The seeding statements in order, as [label, sql]. `sessions` uses slot k of tutor t at
 * base + (14·k + t mod 7) days + (6 + t mod 10) hours UTC (09:00–18:00 in Addis Ababa), one hour long.
 */
export function seedStatements(scale) {
  const {
    tutors: T,
    families: F,
    reservationsPerTutor: G,
    sessionsPerReservation: S,
    reviewsPerTutor: R,
  } = sizes(scale);
  const base = `(date_trunc('day', now()) - interval '595 days')`;
  const startOf = (t, k) =>
    `(${base} + ((${k}) * 14 + (${t}) % 7) * interval '1 day' + (6 + (${t}) % 10) * interval '1 hour')`;
  const resId = (t, g) => `md5('scale-r-' || ${t} || '-' || ${g})::uuid`;
  const userId = (n) => `md5('scale-u-' || ${n})::uuid`;
  // The reservation's state, from a hash of (t, g): 5 % cancelled (refunded), 3 % lapsed, the rest paid.
  const h = (t, g) => `(((${t}) * 31 + (${g}) * 17) % 100)`;
  return [
    [
      'families',
      `insert into users (id, username, email, role, first_name, last_name, phone, email_verified_at, created_at, updated_at)
       select ${userId('n')}, 'scale-family-' || n, 'scale-family-' || n || '@example.test', 'student',
              (${arr(FIRST)})[1 + n % ${FIRST.length}], (${arr(LAST)})[1 + (n / 7) % ${LAST.length}],
              '+2519' || lpad((n % 100000000)::text, 8, '0'),
              now() - (n % 730) * interval '1 day', now() - (n % 730) * interval '1 day', now()
         from generate_series(1, ${F}) n`,
    ],
    [
      'tutors',
      `with s as (select array_agg(id order by id) ids, array_agg(name order by id) names,
                         array_agg(price_per_hour_cents order by id) prices from subjects where is_active)
       insert into tutors (full_name, subject, subject_id, grade_from, grade_to, bio, education, years_of_experience,
                           teaching_style, hourly_rate_cents, currency, languages, is_published, is_active, time_zone,
                           created_at, updated_at)
       select (${arr(FIRST)})[1 + n % ${FIRST.length}] || ' ' || (${arr(LAST)})[1 + (n / ${FIRST.length}) % ${LAST.length}] || ' ' || n,
              s.names[1 + n % cardinality(s.ids)], s.ids[1 + n % cardinality(s.ids)],
              1 + n % 6, 7 + n % 6,
              'Patient tutor who helps students understand, practise and gain confidence before exams.',
              'BSc, Addis Ababa University', n % 15,
              'Short explanations, worked examples, then practice with feedback.',
              1000 + (n % 40) * 100, 'USD',
              string_to_array((${arr(LANGUAGES)})[1 + n % ${LANGUAGES.length}], ','),
              true, true, 'Africa/Addis_Ababa', now() - (n % 700) * interval '1 day', now()
         from s, generate_series(1, ${T}) n`,
    ],
    [
      'the seeded tutors (a temporary map n → id)',
      `create temp table scale_tutors as
       select id, row_number() over (order by id)::int as n from tutors where id > (select coalesce(max(id), 0) from tutors) - ${T}`,
    ],
    ['', `alter table scale_tutors add primary key (id)`],
    [
      'tutor accounts',
      `with u as (
         insert into users (id, username, email, role, first_name, last_name, email_verified_at, created_at, updated_at)
         select md5('scale-tutor-' || x.n)::uuid, 'scale-tutor-' || x.n, 'scale-tutor-' || x.n || '@example.test',
                'tutor', split_part(t.full_name, ' ', 1), split_part(t.full_name, ' ', 2), t.created_at, t.created_at, now()
           from scale_tutors x join tutors t on t.id = x.id
         returning id)
       update tutors t set user_id = md5('scale-tutor-' || x.n)::uuid from scale_tutors x where x.id = t.id`,
    ],
    [
      'weekly availability',
      `insert into tutor_availability (tutor_id, weekday, start_time, end_time)
       select t.id, d.day, w.s, w.e
         from scale_tutors t
         cross join unnest(array['mon','tue','wed','thu','fri','sat','sun']) d(day)
         cross join (values ('08:00','12:00'), ('14:00','20:00')) w(s, e)`,
    ],
    [
      'reservations',
      `insert into reservations (id, tutor_id, subject_id, family_user_id, status, date, time, duration_minutes,
                                 days, time_zone, full_name, email, subject, student_full_name, student_grade,
                                 amount_cents, currency, hold_expires_at, confirmed_at, cancelled_at, cancel_reason,
                                 created_at, updated_at)
       select ${resId('x.n', 'g')}, t.id, t.subject_id, ${userId('f.n')},
              case when ${h('x.n', 'g')} < 5 then 'cancelled'
                   when ${h('x.n', 'g')} < 8 then 'expired'
                   when ${startOf('x.n', `g * ${S} + ${S - 1}`)} + interval '1 hour' < now() then 'completed'
                   else 'confirmed' end,
              (${startOf('x.n', `g * ${S}`)} at time zone 'Africa/Addis_Ababa')::date,
              to_char(${startOf('x.n', `g * ${S}`)} at time zone 'Africa/Addis_Ababa', 'HH24:MI'), 60,
              jsonb_build_array(lower(to_char(${startOf('x.n', `g * ${S}`)} at time zone 'Africa/Addis_Ababa', 'Dy'))),
              'Africa/Addis_Ababa',
              'Family ' || f.n, 'scale-family-' || f.n || '@example.test', t.subject,
              'Student ' || f.n, (1 + f.n % 12)::text,
              ${S} * t.hourly_rate_cents, 'USD',
              ${startOf('x.n', `g * ${S}`)} - interval '10 days' + interval '15 minutes',
              case when ${h('x.n', 'g')} >= 8 then ${startOf('x.n', `g * ${S}`)} - interval '10 days' + interval '5 minutes' end,
              case when ${h('x.n', 'g')} < 5 then ${startOf('x.n', `g * ${S}`)} - interval '9 days' end,
              case when ${h('x.n', 'g')} < 5 then 'Plans changed' else '' end,
              ${startOf('x.n', `g * ${S}`)} - interval '10 days', now()
         from scale_tutors x
         join tutors t on t.id = x.id
         cross join generate_series(0, ${G - 1}) g
         cross join lateral (select 1 + ((x.n * ${G} + g) * 7919) % ${F} as n) f`,
    ],
    [
      'sessions',
      `insert into sessions (reservation_id, tutor_id, starts_at, ends_at, status, cancelled_at, cancel_reason,
                             cancel_outcome, marked_at, created_at, updated_at)
       select ${resId('x.n', 'g')}, x.id, st.at, st.at + interval '1 hour',
              case when ${h('x.n', 'g')} < 5 then 'cancelled'
                   when ${h('x.n', 'g')} < 8 then 'expired'
                   when st.at + interval '1 hour' > now() then 'scheduled'
                   when (x.n + k) % 10 = 3 then 'no_show'
                   else 'completed' end,
              case when ${h('x.n', 'g')} < 5 then ${startOf('x.n', `g * ${S}`)} - interval '9 days' end,
              case when ${h('x.n', 'g')} < 5 then 'Plans changed' else '' end,
              case when ${h('x.n', 'g')} < 5 then 'refund' else '' end,
              case when ${h('x.n', 'g')} >= 8 and st.at + interval '1 hour' <= now() then st.at + interval '2 hours' end,
              ${startOf('x.n', `g * ${S}`)} - interval '10 days', now()
         from scale_tutors x
         cross join generate_series(0, ${G - 1}) g
         cross join generate_series(0, ${S - 1}) j
         cross join lateral (select g * ${S} + j as k) kk
         cross join lateral (select ${startOf('x.n', 'k')} as at) st`,
    ],
    [
      'payments',
      `insert into payments (id, reservation_id, provider, provider_session_id, amount_cents, currency, status,
                             refunded_cents, expires_at, paid_at, created_at, updated_at)
       select md5('scale-p-' || r.id)::uuid, r.id, case when r.tutor_id % 3 = 0 then 'chapa' else 'stripe' end,
              'scale_' || r.id, r.amount_cents, r.currency,
              case r.status when 'cancelled' then 'refunded' when 'expired' then 'expired' else 'paid' end,
              case r.status when 'cancelled' then r.amount_cents else 0 end,
              r.created_at + interval '30 minutes',
              case when r.status <> 'expired' then r.created_at + interval '5 minutes' end,
              r.created_at, now()
         from reservations r where r.email like 'scale-family-%'`,
    ],
    [
      'refunds',
      `insert into refunds (payment_id, amount_cents, currency, provider_refund_id, status, reason, created_at)
       select p.id, p.amount_cents, p.currency, 're_' || p.id, 'succeeded', 'Plans changed',
              r.cancelled_at
         from payments p join reservations r on r.id = p.reservation_id
        where p.status = 'refunded' and p.provider_session_id like 'scale_%'`,
    ],
    [
      'ledger: payments',
      `with tx as (
         insert into ledger_transactions (id, kind, idempotency_key, tutor_id, reservation_id, payment_id, memo,
                                          occurred_at, created_at)
         select md5('scale-lp-' || p.id)::uuid, 'payment', 'payment:' || p.id, r.tutor_id, r.id, p.id, '',
                p.paid_at, p.paid_at
           from payments p join reservations r on r.id = p.reservation_id
          where p.paid_at is not null and p.provider_session_id like 'scale_%'
         returning id, payment_id, occurred_at)
       insert into ledger_entries (transaction_id, account, amount_cents, currency, created_at)
       select tx.id, e.account, e.sign * p.amount_cents, p.currency, tx.occurred_at
         from tx join payments p on p.id = tx.payment_id
         cross join (values ('family_payments', 1), ('family_prepaid', -1)) e(account, sign)`,
    ],
    [
      'ledger: earnings',
      `with tx as (
         insert into ledger_transactions (id, kind, idempotency_key, tutor_id, reservation_id, memo, occurred_at,
                                          created_at)
         select md5('scale-le-' || r.id)::uuid, 'session_earned', 'earn-reservation:' || r.id, r.tutor_id, r.id,
                'Sessions held', r.created_at + interval '80 days', r.created_at + interval '80 days'
           from reservations r where r.status = 'completed' and r.email like 'scale-family-%'
         returning id, reservation_id, occurred_at)
       insert into ledger_entries (transaction_id, account, tutor_id, amount_cents, currency, available_at, created_at)
       select tx.id, e.account, case when e.account = 'tutor_payable' then r.tutor_id end,
              case e.account when 'family_prepaid' then r.amount_cents
                             when 'platform_commission' then -(r.amount_cents * 15 / 100)
                             else -(r.amount_cents - r.amount_cents * 15 / 100) end,
              r.currency, case when e.account = 'tutor_payable' then tx.occurred_at + interval '7 days' end,
              tx.occurred_at
         from tx join reservations r on r.id = tx.reservation_id
         cross join (values ('family_prepaid'), ('platform_commission'), ('tutor_payable')) e(account)`,
    ],
    [
      'ledger: refunds',
      `with tx as (
         insert into ledger_transactions (id, kind, idempotency_key, tutor_id, reservation_id, payment_id, refund_id,
                                          memo, occurred_at, created_at)
         select md5('scale-lr-' || f.id)::uuid, 'refund', 'refund:' || f.id, r.tutor_id, r.id, p.id, f.id, '',
                f.created_at, f.created_at
           from refunds f join payments p on p.id = f.payment_id join reservations r on r.id = p.reservation_id
          where p.provider_session_id like 'scale_%'
         returning id, refund_id, occurred_at)
       insert into ledger_entries (transaction_id, account, amount_cents, currency, created_at)
       select tx.id, e.account, e.sign * f.amount_cents, f.currency, tx.occurred_at
         from tx join refunds f on f.id = tx.refund_id
         cross join (values ('family_prepaid', 1), ('refunds', -1)) e(account, sign)`,
    ],
    [
      'reviews',
      `insert into reviews (tutor_id, author_name, rating, comment, created_at, updated_at)
       select t.id, 'Family ' || (1 + (t.id * ${R} + i) % ${F}), 3 + (t.id + i) % 3,
              'Clear explanations and good homework feedback.',
              now() - ((t.id + i * 37) % 600) * interval '1 day', now() - ((t.id + i * 37) % 600) * interval '1 day'
         from scale_tutors t cross join generate_series(1, ${R}) i
        where (t.id + i) % 4 <> 0`,
    ],
    [
      'review totals (the trigger is off while seeding)',
      `update tutors t set review_average = a.average, review_count = a.n
         from (select tutor_id, round(avg(rating)::numeric, 2) as average, count(*)::int as n
                 from reviews group by tutor_id) a
        where t.id = a.tutor_id`,
    ],
    [
      'conversations (one in four bookings) and messages',
      `with c as (
         insert into conversations (id, tutor_user_id, family_user_id, created_at)
         select md5('scale-c-' || t.user_id || r.family_user_id)::uuid, t.user_id, r.family_user_id, min(r.created_at)
           from reservations r join scale_tutors x on x.id = r.tutor_id join tutors t on t.id = r.tutor_id
          where r.family_user_id is not null and (x.n + r.date::text::date - date '2000-01-01') % 4 = 0
          group by t.user_id, r.family_user_id
         returning id, tutor_user_id, family_user_id, created_at)
       insert into messages (conversation_id, sender_user_id, body, read_at, created_at)
       select c.id, case when i % 2 = 1 then c.family_user_id else c.tutor_user_id end,
              case when i % 2 = 1 then 'Hello, could we go over fractions next time?' else 'Of course, see you then.' end,
              c.created_at + i * interval '1 hour', c.created_at + i * interval '1 hour'
         from c cross join generate_series(1, 4) i`,
    ],
  ];
}

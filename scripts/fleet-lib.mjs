// Shared by the scripts that run real API processes against this machine's PostgreSQL and Redis
// (`npm run test:cluster`, `npm run test:faults`): free ports, JSON calls, the admin database and the
// fixtures they book against.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import net from 'node:net';
import pg from 'pg';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const tally = (list) => list.reduce((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

/** The PostgreSQL server's maintenance database (where databases are created and dropped). */
export function adminDatabaseUrl(explicit) {
  return (
    explicit ??
    (process.env.TEST_DATABASE_URL
      ? Object.assign(new URL(process.env.TEST_DATABASE_URL), { pathname: '/postgres' }).toString()
      : 'postgres://postgres@127.0.0.1:5432/postgres')
  );
}

/** Runs one statement on its own connection (CREATE and DROP DATABASE cannot run in a pool's transaction). */
export async function adminQuery(url, sqlText) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sqlText);
  } finally {
    await client.end();
  }
}

export async function freePort() {
  const srv = net.createServer().listen(0, '127.0.0.1');
  await once(srv, 'listening');
  const { port } = srv.address();
  await new Promise((r) => srv.close(r));
  return port;
}

/** One JSON call: its status, parsed body and headers (`client` is the address put in X-Forwarded-For). */
export async function api(base, method, url, { body, token, client, signal } = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    redirect: 'manual',
    signal,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(client ? { 'x-forwarded-for': client } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, json, headers: res.headers };
}

/** A distinct client address per call, as families behind a real load balancer. */
export function clientAddresses() {
  let counter = 0;
  return () => {
    counter += 1;
    return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
  };
}

/** A published tutor free 09:00-12:00 and 14:00-18:00 every day; `rows` runs SQL on the test's database. */
export async function createTutor(rows, name, rateCents) {
  const [tutor] = await rows(
    `insert into tutors (full_name, subject, hourly_rate_cents, time_zone, is_published)
     values ($1, 'math', $2, 'Africa/Addis_Ababa', true) returning id`,
    [name, rateCents],
  );
  for (const weekday of ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'])
    await rows(
      `insert into tutor_availability (tutor_id, weekday, start_time, end_time)
       values ($1, $2, '09:00', '12:00'), ($1, $2, '14:00', '18:00')`,
      [tutor.id, weekday],
    );
  return tutor.id;
}

/** A family's booking request (4 weekly sessions from `date`), with a fresh e-mail. */
export const booking = (tutor, extra = {}) => ({
  tutor,
  date: '2031-03-03',
  time: '10:00',
  duration_hours: 1,
  full_name: 'Almaz Tesfaye',
  email: `family.${randomBytes(4).toString('hex')}@example.com`,
  phone: '0911000000',
  student_full_name: 'Liya',
  student_age: 9,
  ...extra,
});

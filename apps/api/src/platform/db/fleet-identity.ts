import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { queryRows, type Db } from './client.ts';

export class FleetIdentityError extends Error {}

/**
 * Every instance on one PostgreSQL must share `PUBLIC_URL` and `JWT_SECRET` (issue 16): otherwise a token
 * signed by one instance is refused by the next, and e-mails link to different sites. The first instance to
 * start records both (the secret only as a SHA-256 with a fixed label, never itself) in `site_settings`;
 * every later one compares and refuses to start on a difference. Rotating either: stop every instance, delete
 * the `fleet_identity` setting, start them with the new values (decision 165).
 */
export async function checkFleetIdentity(db: Db, config: Pick<Config, 'publicUrl' | 'jwtSecret'>) {
  const mine = {
    public_url: config.publicUrl,
    jwt_secret_sha256: createHash('sha256').update(`tibeb-fleet:${config.jwtSecret}`).digest('hex'),
  };
  await db.execute(
    sql`insert into site_settings (key, value) values ('fleet_identity', ${JSON.stringify(mine)}::jsonb)
        on conflict (key) do nothing`,
  );
  const [row] = await queryRows<{ value: typeof mine }>(
    db,
    sql`select value from site_settings where key = 'fleet_identity'`,
  );
  const recorded = row?.value;
  const differs = [
    recorded?.public_url !== mine.public_url ? 'PUBLIC_URL' : '',
    recorded?.jwt_secret_sha256 !== mine.jwt_secret_sha256 ? 'JWT_SECRET' : '',
  ].filter(Boolean);
  if (differs.length > 0) {
    throw new FleetIdentityError(
      `Refusing to start: ${differs.join(' and ')} differ${differs.length === 1 ? 's' : ''} from the other ` +
        'instances on this database. Every instance must share them (see docs/scaling.md).',
    );
  }
}

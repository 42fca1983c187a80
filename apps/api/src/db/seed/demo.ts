import type { Config } from '../../config.ts';
import type { Db } from '../client.ts';

/** Seeds demo data into an empty database; answers whether it seeded. Filled in by the seed module. */
export async function seedDemoData(_db: Db, _config: Config): Promise<boolean> {
  return false;
}

import fs from 'node:fs';
import path from 'node:path';

/**
 * apps/api's folder, found from this module's own place: the same answer from `src/**` (tests, `npm run dev`) and
 * from the built `dist/server.js` (`npm start`), which bundles this module at another depth.
 */
function findApiRoot(): string {
  let dir = import.meta.dirname;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).name === '@tibeb/api')
      return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`apps/api not found above ${import.meta.dirname}`);
    dir = parent;
  }
}

export const apiRoot = findApiRoot();
/** The SQL migrations this build ships (drizzle-kit's output, read at start). */
export const migrationsFolder = path.join(apiRoot, 'src/platform/db/migrations');
/** The web app's build, served in production. */
export const defaultWebDist = path.resolve(apiRoot, '../web/dist');

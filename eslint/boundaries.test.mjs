// Each boundary rule of eslint.config.js fails `npm run lint` for a file that crosses it (issue 26). The files are
// linted as text at the path they would have, importing real files of the tree.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function ruleIds(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => m.ruleId ?? m.message);
}
async function fails(file, code, rule) {
  const ids = await ruleIds(file, code);
  assert.ok(ids.includes(rule), `${file} should fail ${rule}; got ${JSON.stringify(ids)}`);
}

describe('web: app → features → shared', () => {
  it('a feature never imports another feature', () =>
    fails(
      'apps/web/src/features/blog/components/tutor-link.tsx',
      "import { searchTutors } from '../../tutors/api/search-tutors.ts';\nexport const x = searchTutors;\n",
      'import-x/no-restricted-paths',
    ));
  it('shared lib never imports a feature', () =>
    fails(
      'apps/web/src/lib/tutor-cache.ts',
      "import { searchTutors } from '../features/tutors/api/search-tutors.ts';\nexport const x = searchTutors;\n",
      'import-x/no-restricted-paths',
    ));
  it('a feature never imports the app shell', () =>
    fails(
      'apps/web/src/features/blog/components/shell.tsx',
      "import { router } from '../../../app/router.tsx';\nexport const x = router;\n",
      'import-x/no-restricted-paths',
    ));
});

describe('API: platform, modules, app.ts', () => {
  it('platform never imports a module, even its index', () =>
    fails(
      'apps/api/src/platform/http/bookings-link.ts',
      "import { registerBookings } from '../../modules/bookings/index.ts';\nexport const x = registerBookings;\n",
      'import-x/no-restricted-paths',
    ));
  it("a module never reaches into another module's files", () =>
    fails(
      'apps/api/src/modules/catalog/booked-link.service.ts',
      "import { bookedCacheSize } from '../bookings/availability/booked.cache.ts';\nexport const x = bookedCacheSize;\n",
      'import-x/no-restricted-paths',
    ));
  it("a module may use another module's index.ts", async () => {
    const ids = await ruleIds(
      'apps/api/src/modules/catalog/audit-link.service.ts',
      "import { recordAudit } from '../audit/index.ts';\nexport const x = recordAudit;\n",
    );
    assert.deepEqual(ids, []);
  });
  it('nothing imports app.ts', () =>
    fails(
      'apps/api/src/modules/catalog/app-link.service.ts',
      "import { buildApp } from '../../app.ts';\nexport const x = buildApp;\n",
      'import-x/no-restricted-paths',
    ));
});

describe('API: routes → service → repository, and the ORM', () => {
  it('routes never import a repository', () =>
    fails(
      'apps/api/src/modules/catalog/extra.routes.ts',
      "import * as repo from './tutors.repository.ts';\nexport const x = repo;\n",
      'import-x/no-restricted-paths',
    ));
  it('a repository never imports a service', () =>
    fails(
      'apps/api/src/modules/catalog/extra.repository.ts',
      "import * as service from './tutors.service.ts';\nexport const x = service;\n",
      'import-x/no-restricted-paths',
    ));
  it('a service never imports routes', () =>
    fails(
      'apps/api/src/modules/catalog/extra.service.ts',
      "import { tutorsRoutes } from './tutors.routes.ts';\nexport const x = tutorsRoutes;\n",
      'import-x/no-restricted-paths',
    ));
  it('only repositories and platform/db import drizzle-orm', () =>
    fails(
      'apps/api/src/modules/catalog/extra.service.ts',
      "import { sql } from 'drizzle-orm';\nexport const x = sql;\n",
      'no-restricted-imports',
    ));
});

describe('file names and cycles', () => {
  it('file names are kebab-case', () =>
    fails('apps/web/src/lib/DateFormat.ts', 'export const x = 1;\n', 'check-file/filename-naming-convention'));
  it('a module file says its role', () =>
    fails('apps/api/src/modules/catalog/helpers.ts', 'export const x = 1;\n', 'tibeb/role-suffix'));
  it('no import cycle', () =>
    fails(
      'apps/api/src/modules/catalog/tutors.service.ts',
      "import { tutorsRoutes } from './tutors.routes.ts';\nexport const x = tutorsRoutes;\n",
      'import-x/no-cycle',
    ));
});

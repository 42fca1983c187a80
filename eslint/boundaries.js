// The import boundaries of STYLE.md §Conventions 2 and 4, generated from the folders: a new feature or module is
// fenced the day its folder appears, without anyone editing a list.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = 'apps/web/src';
const api = 'apps/api/src';

const folders = (dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();

export const webFeatures = () => folders(`${web}/features`);
export const apiModules = () => folders(`${api}/modules`);

/** Zones for import-x/no-restricted-paths that hold for every file, tests included. */
function commonZones() {
  return [
    // Apps never import each other; packages never import apps.
    { target: 'packages', from: 'apps', message: 'packages/* never import apps/*.' },
    { target: 'apps/web', from: 'apps/api', message: 'The web app never imports the API code.' },
    { target: 'apps/api', from: 'apps/web', message: 'The API never imports the web app.' },
    // Web: app → features → shared (components, lib); features never import each other.
    {
      target: [`${web}/components`, `${web}/lib`],
      from: [`${web}/features`, `${web}/app`],
      message: 'Shared web code (components, lib) never imports a feature or the app shell.',
    },
    { target: `${web}/features`, from: `${web}/app`, message: 'A feature never imports the app shell.' },
    ...webFeatures().map((f) => ({
      target: `${web}/features/${f}`,
      from: `${web}/features`,
      except: [`./${f}`],
      message: `Features never import each other: compose them in app/routes (features/${f}).`,
    })),
    // routes → service → repository: HTTP never reaches SQL, and SQL never reaches back up.
    {
      target: `${api}/**/*.routes.ts`,
      from: `${api}/**/*.repository.ts`,
      message: 'Routes call services, never repositories (routes → service → repository).',
    },
    {
      target: [`${api}/**/*.repository.ts`],
      from: [`${api}/**/*.service.ts`, `${api}/**/*.routes.ts`],
      message: 'Repositories never import services or routes (routes → service → repository).',
    },
    {
      target: `${api}/**/*.service.ts`,
      from: `${api}/**/*.routes.ts`,
      message: 'Services never import routes (routes → service → repository).',
    },
  ];
}

/**
 * Zones over production code: the common ones, and the API's module boundaries (tests may reach into a module's
 * test helpers and build the app).
 */
export function productionZones() {
  const modules = apiModules();
  return [
    ...commonZones(),
    // API: platform knows no module; modules meet only through each other's index.ts; nothing imports app.ts.
    {
      target: `${api}/platform`,
      from: [`${api}/modules`, `${api}/app.ts`, `${api}/server.ts`],
      message: 'platform/ imports no module: emit an event (platform/events.ts) or take a function from app.ts.',
    },
    ...modules.map((m) => ({
      target: `${api}/modules/${m}`,
      from: `${api}/modules`,
      except: [`./${m}`, ...modules.filter((o) => o !== m).map((o) => `./${o}/index.ts`)],
      message: `Modules import each other only through index.ts (modules/${m}).`,
    })),
    {
      target: [`${api}/modules`, `${api}/platform`],
      from: [`${api}/app.ts`, `${api}/server.ts`],
      message: 'Nothing imports app.ts: take AppInstance from platform/http/app-instance.ts.',
    },
  ];
}

export const testZones = commonZones;

/** A module's files say their role: index.ts, or name.role.ts; tests and test support are free. */
const roles = ['routes', 'service', 'repository', 'emails', 'job', 'plugin', 'page', 'cache', 'provider'];
const roleFile = new RegExp(`^[a-z0-9]+(-[a-z0-9]+)*\\.(${roles.join('|')})\\.ts$`);
const testSupport = /\.test\.ts$|\.fixtures\.ts$|\.test-helpers\.ts$/;

export const rolePlugin = {
  rules: {
    'role-suffix': {
      meta: {
        type: 'suggestion',
        docs: { description: 'A module file is index.ts or carries its role: name.(routes|service|…).ts' },
        schema: [],
        messages: {
          role: `"{{name}}" does not say its role: name it index.ts or name.<role>.ts, role one of ${roles.join(', ')}.`,
        },
      },
      create(context) {
        const file = context.filename.split(path.sep).join('/');
        const name = path.basename(file);
        if (!file.includes(`/${api}/modules/`) || file.includes('/test/')) return {};
        if (name === 'index.ts' || roleFile.test(name) || testSupport.test(name)) return {};
        return {
          Program(node) {
            context.report({ node, messageId: 'role', data: { name } });
          },
        };
      },
    },
  },
};

import type {
  FastifyInstance,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { ADMIN_ROLES } from '@tibeb/domain/accounts/roles';
import { forbidden, unauthorized } from './app-error.ts';
import { verifyAccessToken, type AccessClaims, type Role } from '../auth/tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's claims, set by `authenticate` / `requireRole`. */
    user: AccessClaims | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 without a valid bearer token. */
    authenticate: preHandlerAsyncHookHandler;
    /** preHandler: 401 without a valid token, 403 when the role is not one of `roles`. */
    requireRole: (roles: readonly Role[]) => preHandlerAsyncHookHandler;
    /** preHandler of a public route that answers a signed-in user more: `request.user` when the token is valid, else null (never refuses). */
    identify: preHandlerAsyncHookHandler;
  }
}

/** What every authenticated request checks about its account; the accounts module answers it (app.ts). */
export type AccountState = { active: boolean; role: Role; tokenVersion: number };
export type AccountStateLookup = (db: FastifyInstance['db'], userId: string) => Promise<AccountState | null>;


async function readUser(
  app: FastifyInstance,
  request: FastifyRequest,
  accountState: AccountStateLookup,
): Promise<AccessClaims | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  if (!token) return null;
  const claims = await verifyAccessToken(token, app.config.jwtSecret);
  if (!claims || !uuidPattern.test(claims.sub)) return null;
  // A valid signature is not enough: the account must still exist, be active, hold the token's role, and not
  // have changed state since the token was signed (deactivation, demotion, new password, sign-out).
  const state = await accountState(app.db, claims.sub);
  if (!state || !state.active || state.role !== claims.role || state.tokenVersion !== claims.ver) return null;
  return claims;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function registerAuth(app: FastifyInstance, accountState: AccountStateLookup) {
  app.decorateRequest('user', null);
  const authenticate: preHandlerAsyncHookHandler = async function (request) {
    const user = await readUser(app, request, accountState);
    if (!user) throw unauthorized();
    request.user = user;
  };
  guards.add(authenticate);
  app.decorate('authenticate', authenticate);
  app.decorate('identify', async function (request: FastifyRequest) {
    request.user = await readUser(app, request, accountState);
  });
  app.decorate('requireRole', (roles: readonly Role[]) => {
    const allowed = roles.map((r) => r.toLowerCase());
    const handler: preHandlerAsyncHookHandler = async function (request) {
      const user = await readUser(app, request, accountState);
      if (!user) throw unauthorized();
      if (!allowed.includes(user.role.toLowerCase())) throw forbidden();
      request.user = user;
    };
    guards.add(handler);
    return handler;
  });

  // The areas' API (spec §6): every route under /api/admin, /api/tutor and /api/student needs its roles, checked
  // on the route before body parsing and validation, so a visitor gets 401 and a wrong role 403 on every one of
  // them even when a module forgets its preHandler. The guard is attached to those routes as they are declared
  // (their first onRequest hook; HEAD routes too), so public routes pay nothing for it (issue 17).
  const areaGuards = new Map<string, onRequestAsyncHookHandler>();
  for (const area of ['admin', 'tutor', 'student'] as const) {
    const allowed: readonly string[] = area === 'admin' ? ADMIN_ROLES : [area];
    const guard: onRequestAsyncHookHandler = async function (request) {
      const user = await readUser(app, request, accountState);
      if (!user) throw unauthorized();
      if (!allowed.includes(user.role.toLowerCase())) throw forbidden();
      request.user = user;
    };
    areaGuards.set(area, guard);
    guards.add(guard);
  }
  const declared: DeclaredRoute[] = [];
  routeTables.set(app, declared);
  app.addHook('onRoute', (route) => {
    const area = areaOf(route.url);
    const guard = area ? areaGuards.get(area) : undefined;
    if (guard) route.onRequest = [guard, ...hookList(route.onRequest)];
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      declared.push({
        method,
        url: route.url,
        area,
        signedIn: [...hookList(route.onRequest), ...hookList(route.preHandler)].some((hook) =>
          guards.has(hook as never),
        ),
      });
    }
  });
}

/** The area (`admin`, `tutor`, `student`) whose roles a route pattern needs, or null for the rest. */
export function areaOf(url: string): 'admin' | 'tutor' | 'student' | null {
  return (/^\/api\/(admin|tutor|student)(\/|$)/.exec(url)?.[1] as 'admin' | 'tutor' | 'student') ?? null;
}

const hookList = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/** Every hook that refuses a request without a valid token: the area guards, `authenticate`, `requireRole`. */
const guards = new WeakSet<object>();

/** A route as declared, and whether it needs a signed-in user (an area's roles, or a guard of its own). */
export type DeclaredRoute = { method: string; url: string; area: string | null; signedIn: boolean };
const routeTables = new WeakMap<FastifyInstance, DeclaredRoute[]>();

/** Every route the app declared after `registerAuth` (tests walk them all). */
export function declaredRoutes(app: FastifyInstance): readonly DeclaredRoute[] {
  return routeTables.get(app) ?? [];
}

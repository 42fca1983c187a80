import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { verifyAccessToken, type AccessClaims, type Role } from '../lib/tokens.ts';
import { userState } from '../modules/accounts/user-state.ts';

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
  }
}

export const ADMIN_ROLES: readonly Role[] = ['admin', 'staff', 'superuser'];

async function readUser(app: FastifyInstance, request: FastifyRequest): Promise<AccessClaims | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  if (!token) return null;
  const claims = await verifyAccessToken(token, app.config.jwtSecret);
  if (!claims || !uuidPattern.test(claims.sub)) return null;
  // A valid signature is not enough: the account must still exist, be active, hold the token's role, and not
  // have changed state since the token was signed (deactivation, demotion, new password, sign-out).
  const state = await userState(app.db, claims.sub);
  if (!state || !state.active || state.role !== claims.role || state.tokenVersion !== claims.ver) return null;
  return claims;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('user', null);
  const authenticate: preHandlerAsyncHookHandler = async function (request) {
    const user = await readUser(app, request);
    if (!user) throw unauthorized();
    request.user = user;
  };
  app.decorate('authenticate', authenticate);
  app.decorate('requireRole', (roles: readonly Role[]) => {
    const allowed = roles.map((r) => r.toLowerCase());
    const handler: preHandlerAsyncHookHandler = async function (request) {
      const user = await readUser(app, request);
      if (!user) throw unauthorized();
      if (!allowed.includes(user.role.toLowerCase())) throw forbidden();
      request.user = user;
    };
    return handler;
  });

  // The areas' API (spec §6): every route under /api/admin, /api/tutor and /api/student needs its roles, checked
  // on the matched route pattern before body validation, so a visitor gets 401 and a wrong role 403 on every
  // one of them even when a module forgets its preHandler.
  app.addHook('onRequest', async (request) => {
    const pattern = request.routeOptions.url ?? '';
    const area = /^\/api\/(admin|tutor|student)(\/|$)/.exec(pattern)?.[1];
    if (!area) return;
    const allowed: readonly string[] = area === 'admin' ? ADMIN_ROLES : [area];
    const user = await readUser(app, request);
    if (!user) throw unauthorized();
    if (!allowed.includes(user.role.toLowerCase())) throw forbidden();
    request.user = user;
  });
}

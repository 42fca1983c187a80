import type { AppInstance } from '../../platform/http/app-instance.ts';
import { accountsRoutes } from './accounts.routes.ts';
import { adminProfileRoutes } from './admin-profile.routes.ts';
import { usersRoutes } from './users.routes.ts';

/** Sign-in, sign-up and tokens; the admin's users and own profile. */
export async function registerAccounts(app: AppInstance) {
  await app.register(accountsRoutes, { prefix: '/api' });
  await app.register(usersRoutes, { prefix: '/api' });
  await app.register(adminProfileRoutes, { prefix: '/api' });
}

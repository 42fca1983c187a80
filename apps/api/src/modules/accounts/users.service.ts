import { accountMessages } from '@tibeb/domain/accounts/messages';
import type {
  CreateUserBody,
  UpdateUserBody,
  User,
  UserList,
  UserListQuery,
} from '@tibeb/domain/accounts/contracts';
import { ADMIN_ROLES, ownerRoles, type Role } from '@tibeb/domain/accounts/roles';
import type { AccessClaims } from '../../platform/auth/tokens.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/app-error.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import * as accountsRepo from './accounts.repository.ts';
import {
  assertAvailable,
  issuePasswordToken,
  passwordLink,
  rethrowUnique,
  toUserDto,
  type AccountsDeps,
} from './accounts.service.ts';
import { userStateChanged } from './user-state.service.ts';
import { recordAudit } from '../audit/index.ts';
import { snapshotCached } from '../reporting/index.ts';
import * as repo from './users.repository.ts';
import { accountCreatedEmail } from './accounts.emails.ts';

const isAdminLevel = (role: string) => (ADMIN_ROLES as readonly string[]).includes(role);
const isOwner = (role: string) => (ownerRoles as readonly string[]).includes(role);

/** What the audit log keeps of an account: never the password hash, only whether one is set. */
const audited = (row: accountsRepo.UserRow) => {
  const { id: _id, last_login_at: _lastLogin, created_at: _created, ...kept } = toUserDto(row);
  return kept;
};

/** The name of an edit in the audit log: its most consequential change. */
function editAction(before: accountsRepo.UserRow, after: accountsRepo.UserRow, passwordSet: boolean): string {
  if (before.isActive !== after.isActive) return after.isActive ? 'activate' : 'deactivate';
  if (before.role !== after.role) return 'change_role';
  if (passwordSet) return 'set_password';
  return 'update';
}

/** Staff run the business but cannot create, change or remove admin-level accounts. */
function assertMayManage(actor: AccessClaims, ...roles: (string | undefined)[]) {
  if (actor.role === 'staff' && roles.some((r) => r && isAdminLevel(r))) {
    throw forbidden(accountMessages.onlyAdminsManageAdmins);
  }
}

export async function listUsers(deps: Pick<AccountsDeps, 'db'>, q: UserListQuery): Promise<UserList> {
  const isActive = q.is_active === undefined ? undefined : q.is_active === '1' || q.is_active === 'true';
  const filter = { q: q.q || undefined, role: q.role, isActive };
  // The count (every account without a filter) is kept while the database shows the same data (exact, on any
  // instance: decision 243); a page past the end is answered from it alone.
  const count = await snapshotCached(deps.db, `users:count:${JSON.stringify(filter)}`, () =>
    repo.countUsers(deps.db, filter),
  );
  const offset = (q.page - 1) * q.page_size;
  const rows =
    offset >= count ? [] : await repo.listUsers(deps.db, { ...filter, limit: q.page_size, offset });
  return { count, page: q.page, page_size: q.page_size, results: rows.map(toUserDto) };
}

export async function getUser(deps: Pick<AccountsDeps, 'db'>, id: string): Promise<User> {
  const row = await accountsRepo.findUserById(deps.db, id);
  if (!row) throw notFound(accountMessages.userNotFound);
  return toUserDto(row);
}

/** An admin creates an account with a role; without a password, the person gets a set-password e-mail. */
export async function createUser(
  deps: AccountsDeps,
  actor: AccessClaims,
  body: CreateUserBody,
): Promise<User> {
  assertMayManage(actor, body.role);
  await assertAvailable(deps.db, { username: body.username, email: body.email });
  const passwordHash = body.password ? await hashPassword(body.password) : null;
  let row: accountsRepo.UserRow;
  try {
    row = await deps.db.transaction(async (tx) => {
      const inserted = await accountsRepo.insertUser(tx, {
        username: body.username,
        email: body.email.toLowerCase(),
        passwordHash,
        role: body.role,
        firstName: body.first_name ?? '',
        lastName: body.last_name ?? '',
        phone: body.phone ?? '',
        locale: body.locale ?? 'en',
      });
      await recordAudit(tx, {
        actorUserId: actor.sub,
        action: 'create',
        entityType: 'user',
        entityId: inserted.id,
        after: audited(inserted),
      });
      return inserted;
    });
  } catch (err) {
    return rethrowUnique(err);
  }
  if (!passwordHash) {
    const token = await issuePasswordToken(deps.db, row.id, 'set_password');
    await deps.mailer.send(accountCreatedEmail(row, passwordLink(deps.config, token)));
  }
  return toUserDto(row);
}

/** Edits an account; deactivating (or demoting) the last active administrator is refused. */
export async function updateUser(
  deps: AccountsDeps,
  actor: AccessClaims,
  id: string,
  body: UpdateUserBody,
): Promise<User> {
  const target = await accountsRepo.findUserById(deps.db, id);
  if (!target) throw notFound(accountMessages.userNotFound);
  assertMayManage(actor, target.role, body.role);
  if (body.is_active === false && id === actor.sub) throw badRequest(accountMessages.cannotDeactivateSelf);
  await assertAvailable(deps.db, { username: body.username, email: body.email, exceptId: id });
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  const losesOwner =
    target.isActive &&
    isOwner(target.role) &&
    (body.is_active === false || (body.role !== undefined && !isOwner(body.role)));
  try {
    const row = await deps.db.transaction(async (tx) => {
      if (losesOwner) {
        const owners = await repo.lockActiveOwners(tx, ownerRoles);
        if (owners.filter((o) => o !== id).length === 0)
          throw conflict(accountMessages.lastAdmin, 'last_admin');
      }
      const updated = await accountsRepo.updateUser(tx, id, {
        ...(body.username !== undefined ? { username: body.username } : {}),
        ...(body.email !== undefined ? { email: body.email.toLowerCase() } : {}),
        ...(body.role !== undefined ? { role: body.role as Role } : {}),
        ...(body.first_name !== undefined ? { firstName: body.first_name } : {}),
        ...(body.last_name !== undefined ? { lastName: body.last_name } : {}),
        ...(body.phone !== undefined ? { phone: body.phone } : {}),
        ...(body.is_active !== undefined ? { isActive: body.is_active } : {}),
        ...(passwordHash ? { passwordHash } : {}),
      });
      // A deactivated account, a new password or a new role ends the account's sessions, and its access tokens
      // stop working at once (the token version every authenticated request checks).
      if (body.is_active === false || passwordHash || (body.role && body.role !== target.role)) {
        await accountsRepo.revokeAllForUser(tx, id);
        await accountsRepo.bumpTokenVersion(tx, id);
      }
      if (updated) {
        // The new password itself is never recorded, only that an administrator set one.
        await recordAudit(tx, {
          actorUserId: actor.sub,
          action: editAction(target, updated, !!passwordHash),
          entityType: 'user',
          entityId: id,
          before: audited(target),
          after: { ...audited(updated), ...(passwordHash ? { password: 'set by an administrator' } : {}) },
        });
      }
      return updated;
    });
    if (body.is_active !== undefined || body.role !== undefined || passwordHash) userStateChanged(id);
    if (!row) throw notFound(accountMessages.userNotFound);
    return toUserDto(row);
  } catch (err) {
    return rethrowUnique(err);
  }
}

/** DELETE deactivates: bookings, payments and messages keep pointing at the account. */
export async function deactivateUser(deps: AccountsDeps, actor: AccessClaims, id: string): Promise<void> {
  await updateUser(deps, actor, id, { is_active: false });
}

import { LRUCache } from 'lru-cache';
import type { Role } from '@tibeb/domain/accounts/roles';
import type { DbOrTx } from '../../platform/db/client.ts';
import { publish, subscribe } from '../../platform/cache/cache-bus.ts';
import * as repo from './accounts.repository.ts';

/**
 * What every authenticated request checks about its account (issue 12 item 6): active, current role and token
 * version. Read from the database once and kept in a small bounded cache; every change of one of them goes
 * through `userStateChanged`, which drops the entry here and, through the cache bus, on every other instance.
 * The TTL bounds the damage of a lost notification.
 */
export type UserState = { active: boolean; role: Role; tokenVersion: number };

const cacheName = 'user-state';
const cache = new LRUCache<string, UserState>({ max: 10_000, ttl: 60_000 });

subscribe(cacheName, (key) => {
  if (key === null) cache.clear();
  else cache.delete(key);
});

/** The account's state, or null when there is no such account (never cached: unknown ids cost a query). */
export async function userState(db: DbOrTx, userId: string): Promise<UserState | null> {
  const hit = cache.get(userId);
  if (hit) return hit;
  const row = await repo.findUserState(db, userId);
  if (!row) return null;
  const state: UserState = { active: row.isActive, role: row.role, tokenVersion: row.tokenVersion };
  cache.set(userId, state);
  return state;
}

/** The one invalidation: call it after the transaction that changed the account's state has committed. */
export function userStateChanged(userId: string): void {
  cache.delete(userId);
  publish(cacheName, userId);
}

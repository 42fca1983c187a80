import type { CounterStore } from '../../platform/http/rate-limit.ts';

/**
 * Throttles failed sign-ins (issue 12 item 7) per (account, address) and per address, in the shared counters
 * (Redis when REDIS_URL is set, so the totals hold across instances). There is deliberately no per-account lock:
 * failures from other addresses never block the owner signing in from their own address. A success clears the
 * (account, address) count.
 */
export type ThrottleLimits = { perAccountAddress: number; perAddress: number; windowMs: number };

export const defaultThrottleLimits: ThrottleLimits = {
  perAccountAddress: 5,
  perAddress: 20,
  windowMs: 15 * 60_000,
};

export class LoginThrottle {
  private readonly store: CounterStore;
  private readonly limits: ThrottleLimits;

  constructor(store: CounterStore, limits: ThrottleLimits = defaultThrottleLimits) {
    this.store = store;
    this.limits = limits;
  }

  private keys(username: string, address: string) {
    return { pair: `login:ua:${username.trim().toLowerCase()}|${address}`, address: `login:a:${address}` };
  }

  /** Whether this account from this address, or this address altogether, is currently locked out. */
  async isBlocked(username: string, address: string): Promise<boolean> {
    const keys = this.keys(username, address);
    const [pair, byAddress] = await Promise.all([
      this.store.count(keys.pair),
      this.store.count(keys.address),
    ]);
    return pair >= this.limits.perAccountAddress || byAddress >= this.limits.perAddress;
  }

  async recordFailure(username: string, address: string): Promise<void> {
    const keys = this.keys(username, address);
    await Promise.all([
      this.store.hit(keys.pair, this.limits.windowMs),
      this.store.hit(keys.address, this.limits.windowMs),
    ]);
  }

  async recordSuccess(username: string, address: string): Promise<void> {
    await this.store.reset(this.keys(username, address).pair);
  }
}

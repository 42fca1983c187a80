import { windowSeconds, type Counters } from '../../platform/http/rate-limit.ts';

/**
 * Throttles failed sign-ins (issue 12 item 7) per (account, address) and per address, in the shared counters
 * (rate-limiter-flexible; Redis when REDIS_URL is set, so the totals hold across instances, and this instance's
 * memory while Redis is away). There is deliberately no per-account lock: failures from other addresses never
 * block the owner signing in from their own address. A success clears the (account, address) count.
 */
export type ThrottleLimits = { perAccountAddress: number; perAddress: number; windowMs: number };

export const defaultThrottleLimits: ThrottleLimits = {
  perAccountAddress: 5,
  perAddress: 20,
  windowMs: 15 * 60_000,
};

export class LoginThrottle {
  private readonly counters: Counters;
  private readonly limits: ThrottleLimits;

  constructor(counters: Counters, limits: ThrottleLimits = defaultThrottleLimits) {
    this.counters = counters;
    this.limits = limits;
  }

  private keys(username: string, address: string) {
    return { pair: `login:ua:${username.trim().toLowerCase()}|${address}`, address: `login:a:${address}` };
  }

  private async count(key: string): Promise<number> {
    return (await this.counters.get(key))?.consumedPoints ?? 0;
  }

  /** Whether this account from this address, or this address altogether, is currently locked out. */
  async isBlocked(username: string, address: string): Promise<boolean> {
    const keys = this.keys(username, address);
    const [pair, byAddress] = await Promise.all([this.count(keys.pair), this.count(keys.address)]);
    return pair >= this.limits.perAccountAddress || byAddress >= this.limits.perAddress;
  }

  async recordFailure(username: string, address: string): Promise<void> {
    const keys = this.keys(username, address);
    // The window starts at the first failure; later failures do not extend it.
    const window = { customDuration: windowSeconds(this.limits.windowMs) };
    await Promise.all([
      this.counters.penalty(keys.pair, 1, window),
      this.counters.penalty(keys.address, 1, window),
    ]);
  }

  async recordSuccess(username: string, address: string): Promise<void> {
    await this.counters.delete(this.keys(username, address).pair);
  }
}

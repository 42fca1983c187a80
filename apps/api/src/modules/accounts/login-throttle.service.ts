import { setTimeout as sleep } from 'node:timers/promises';
import { addressKey } from '../../platform/http/address-key.ts';
import { windowSeconds, type Counters } from '../../platform/http/rate-limit.ts';

/**
 * Throttles failed sign-ins (issue 12 item 7, issue 29 item 5) in the shared counters (rate-limiter-flexible;
 * Redis when REDIS_URL is set, so the totals hold across instances, and this instance's memory while Redis is
 * away). Only an (account, address) pair is ever locked: 5 failures there and that account waits 15 minutes from
 * that address, right password included. An address is never locked: past 20 failures from it (a school or an
 * office behind one address, or a guesser), its wrong passwords answer 429 and slowly, but a right password for
 * an account whose own pair is under its limit always signs in. There is no per-account lock either: failures
 * from elsewhere never block the owner. A success clears its pair's count.
 */
export type ThrottleLimits = {
  perAccountAddress: number;
  perAddress: number;
  windowMs: number;
  /** How long a wrong password from an address past `perAddress` waits before its answer. */
  addressDelayMs: number;
};

export const defaultThrottleLimits: ThrottleLimits = {
  perAccountAddress: 5,
  perAddress: 20,
  windowMs: 15 * 60_000,
  addressDelayMs: 1000,
};

export type ThrottleVerdict = {
  /** The pair is locked: 429 whatever the password. */
  pairBlocked: boolean;
  /** The address is past its failures: a wrong password answers 429 (after a delay), a right one signs in. */
  addressSlowed: boolean;
};

export class LoginThrottle {
  private readonly counters: Counters;
  private readonly limits: ThrottleLimits;

  constructor(counters: Counters, limits: ThrottleLimits = defaultThrottleLimits) {
    this.counters = counters;
    this.limits = limits;
  }

  private keys(username: string, address: string) {
    const where = addressKey(address);
    return { pair: `login:ua:${username.trim().toLowerCase()}|${where}`, address: `login:a:${where}` };
  }

  private async count(key: string): Promise<number> {
    return (await this.counters.get(key))?.consumedPoints ?? 0;
  }

  async check(username: string, address: string): Promise<ThrottleVerdict> {
    const keys = this.keys(username, address);
    const [pair, byAddress] = await Promise.all([this.count(keys.pair), this.count(keys.address)]);
    return {
      pairBlocked: pair >= this.limits.perAccountAddress,
      addressSlowed: byAddress >= this.limits.perAddress,
    };
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

  /** The wait of a wrong password from a slowed address. */
  async slowDown(): Promise<void> {
    if (this.limits.addressDelayMs > 0) await sleep(this.limits.addressDelayMs);
  }

  async recordSuccess(username: string, address: string): Promise<void> {
    await this.counters.delete(this.keys(username, address).pair);
  }
}

/**
 * Checks of one's current password (changing it, in every area), per account whatever the address (issue 29
 * item 5): 5 wrong ones in 15 minutes and the account's checks answer 429 until the window ends, the right
 * password included; a right one clears the count.
 */
export class CurrentPasswordThrottle {
  private readonly counters: Counters;
  private readonly limits: { failures: number; windowMs: number };

  constructor(counters: Counters, limits = { failures: 5, windowMs: 15 * 60_000 }) {
    this.counters = counters;
    this.limits = limits;
  }

  private key = (userId: string) => `curpw:${userId}`;

  /**
   * Counts this check before the password is verified (so simultaneous checks cannot slip past the limit) and
   * answers whether it may go on.
   */
  async attempt(userId: string): Promise<boolean> {
    const res = await this.counters.penalty(this.key(userId), 1, {
      customDuration: windowSeconds(this.limits.windowMs),
    });
    return res.consumedPoints <= this.limits.failures;
  }

  async recordSuccess(userId: string): Promise<void> {
    await this.counters.delete(this.key(userId));
  }
}

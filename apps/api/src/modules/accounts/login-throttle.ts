/**
 * Throttles failed sign-ins per username and per client address (in memory, per instance). A user who keeps
 * failing, or an address trying many usernames, gets 429 until the window has passed; a success clears the
 * username's count. Across several instances each keeps its own count, which still bounds guessing
 * (DESIGN §3 names Redis for shared limits; REDIS_URL is optional).
 */
export type ThrottleLimits = { perUsername: number; perAddress: number; windowMs: number };

export const defaultThrottleLimits: ThrottleLimits = {
  perUsername: 5,
  perAddress: 20,
  windowMs: 15 * 60_000,
};

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();
  private readonly limits: ThrottleLimits;

  constructor(limits: ThrottleLimits = defaultThrottleLimits) {
    this.limits = limits;
  }

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < this.limits.windowMs);
    if (list.length) this.failures.set(key, list);
    else this.failures.delete(key);
    return list;
  }

  /** Whether this username or this address is currently locked out. */
  isBlocked(username: string, address: string, now = Date.now()): boolean {
    return (
      this.recent(`u:${username.toLowerCase()}`, now).length >= this.limits.perUsername ||
      this.recent(`a:${address}`, now).length >= this.limits.perAddress
    );
  }

  recordFailure(username: string, address: string, now = Date.now()) {
    for (const key of [`u:${username.toLowerCase()}`, `a:${address}`]) {
      const list = this.recent(key, now);
      list.push(now);
      this.failures.set(key, list);
    }
    // Keep memory bounded under a flood of distinct usernames: forget the oldest keys first.
    if (this.failures.size > 50_000) {
      for (const key of this.failures.keys()) {
        this.failures.delete(key);
        if (this.failures.size <= 40_000) break;
      }
    }
  }

  recordSuccess(username: string) {
    this.failures.delete(`u:${username.toLowerCase()}`);
  }
}

/** Counts failed sign-ins per account and per address; past the limit, sign-in is refused until the window passes. */
import { createRequire } from 'node:module';
import type { RateLimiterMemory as MemoryLimiter } from 'rate-limiter-flexible';

// The package's index loads every backend it supports (Redis, Mongo, SQL ...); the memory limiter alone is a
// small part of that, and all an idle desktop host needs.
const RateLimiterMemory = createRequire(import.meta.url)('rate-limiter-flexible/lib/RateLimiterMemory.js') as typeof MemoryLimiter;
import { TooManyRequestsError } from '../../lib/errors.ts';

export class LoginLimiter {
  private readonly byAccount: MemoryLimiter;
  private readonly byAddress: MemoryLimiter;

  constructor(maxFailures: number, windowMs: number) {
    const duration = Math.max(1, Math.round(windowMs / 1000));
    this.byAccount = new RateLimiterMemory({ points: maxFailures, duration });
    // An address may try a few accounts (a shared NAT), so it gets a larger allowance.
    this.byAddress = new RateLimiterMemory({ points: maxFailures * 3, duration });
  }

  /** Throws 429 when the account or the address has used up its failures. */
  async check(account: string, address: string): Promise<void> {
    const [a, b] = await Promise.all([this.byAccount.get(account.toLowerCase()), this.byAddress.get(address)]);
    if ((a && a.remainingPoints <= 0) || (b && b.remainingPoints <= 0)) {
      const wait = Math.ceil(Math.max(a?.msBeforeNext ?? 0, b?.msBeforeNext ?? 0) / 1000);
      throw new TooManyRequestsError(`too many failed sign-in attempts, try again in ${wait} seconds`);
    }
  }

  /** Records one failure. */
  async fail(account: string, address: string): Promise<void> {
    await Promise.all([
      this.byAccount.penalty(account.toLowerCase(), 1),
      this.byAddress.penalty(address, 1),
    ]);
  }

  /** Clears the account's failures after a successful sign-in. */
  async succeed(account: string): Promise<void> {
    await this.byAccount.delete(account.toLowerCase());
  }
}

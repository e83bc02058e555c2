/**
 * Counts failed password sign-ins so that guessing is slow, without letting a stranger lock someone else out:
 * - per address and account: `maxFailures` wrong tries lock that account for that address only;
 * - per address: an address that tries many accounts (three times the allowance) is locked as a whole;
 * - per account, from other machines together: a spread-out guess at one account (ten times the allowance)
 *   locks that account for remote addresses, but never on loopback, where the owner sits at their desktop.
 * A stranger's failures therefore never lock the owner's own sign-in.
 */
import { createRequire } from 'node:module';
import type { RateLimiterMemory as MemoryLimiter } from 'rate-limiter-flexible';

// The package's index loads every backend it supports (Redis, Mongo, SQL ...); the memory limiter alone is a
// small part of that, and all an idle desktop host needs.
const RateLimiterMemory = createRequire(import.meta.url)('rate-limiter-flexible/lib/RateLimiterMemory.js') as typeof MemoryLimiter;
import { TooManyRequestsError } from '../../lib/errors.ts';

/** True for 127.0.0.0/8, ::1 and their IPv4-mapped forms. */
export const isLoopback = (address: string): boolean => {
  const a = address.replace(/^::ffff:/i, '');
  return a === '::1' || /^127\.\d+\.\d+\.\d+$/.test(a);
};

export class LoginLimiter {
  private readonly byPair: MemoryLimiter;
  private readonly byAddress: MemoryLimiter;
  private readonly byRemoteAccount: MemoryLimiter;
  /** How long a failure is remembered (the limiters' window, whole seconds). */
  private readonly windowMs: number;
  /** When the last failure was recorded: once a window has passed since, no limiter holds anything. */
  private lastFailure = -Infinity;

  constructor(maxFailures: number, windowMs: number) {
    const duration = Math.max(1, Math.round(windowMs / 1000));
    this.windowMs = duration * 1000;
    this.byPair = new RateLimiterMemory({ points: maxFailures, duration });
    // An address may try a few accounts (a shared NAT), so it gets a larger allowance.
    this.byAddress = new RateLimiterMemory({ points: maxFailures * 3, duration });
    this.byRemoteAccount = new RateLimiterMemory({ points: maxFailures * 10, duration });
  }

  /** Throws 429 when this address has used up its failures for the account or in all, or a remote guess is on. */
  async check(account: string, address: string): Promise<void> {
    if (this.quiet()) return;
    const name = account.toLowerCase();
    const [pair, addr, remote] = await Promise.all([
      this.byPair.get(`${address}\n${name}`),
      this.byAddress.get(address),
      isLoopback(address) ? null : this.byRemoteAccount.get(name),
    ]);
    const spent = [pair, addr, remote].filter((r) => r && r.remainingPoints <= 0);
    if (spent.length) {
      const wait = Math.ceil(Math.max(...spent.map((r) => r?.msBeforeNext ?? 0)) / 1000);
      throw new TooManyRequestsError(`too many failed sign-in attempts, try again in ${wait} seconds`);
    }
  }

  /** Records one failure. */
  async fail(account: string, address: string): Promise<void> {
    // Set before the penalties land, so a check running meanwhile reads the limiters.
    this.lastFailure = Date.now();
    const name = account.toLowerCase();
    await Promise.all([
      this.byPair.penalty(`${address}\n${name}`, 1),
      this.byAddress.penalty(address, 1),
      isLoopback(address) ? null : this.byRemoteAccount.penalty(name, 1),
    ]);
  }

  /** Clears this address's failures for the account after a successful sign-in. */
  async succeed(account: string, address: string): Promise<void> {
    if (this.quiet()) return;
    await this.byPair.delete(`${address}\n${account.toLowerCase()}`);
  }

  /**
   * True when no failure was recorded within a window: every limiter record has expired (a record lives one
   * window from its first point), so there is nothing to check or clear. Spares a password request the
   * limiters' lookups while nobody is failing.
   */
  private quiet(): boolean {
    return Date.now() - this.lastFailure > this.windowMs;
  }
}

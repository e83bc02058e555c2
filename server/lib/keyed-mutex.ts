/**
 * One mutex per key (a repository id, an owner's name space, a mirror), made on first use and dropped when
 * nobody holds or waits for it, so the map stays as small as the work in flight. Each key's lock is an
 * async-mutex Mutex: waiters run one at a time in the order they asked, and a failure of one never blocks the next.
 */
import { Mutex } from 'async-mutex';

interface Entry {
  mutex: Mutex;
  /** Holders and waiters; the entry is dropped when this returns to 0. */
  users: number;
}

/** A set of named locks: `run(key, fn)` runs `fn` alone among the calls with the same key. */
export class KeyedMutex<K = string | number> {
  private readonly entries = new Map<K, Entry>();

  /** Runs `fn` once every earlier call with `key` has finished (resolved or rejected); resolves with its result. */
  async run<T>(key: K, fn: () => Promise<T> | T): Promise<T> {
    let e = this.entries.get(key);
    if (!e) {
      e = { mutex: new Mutex(), users: 0 };
      this.entries.set(key, e);
    }
    e.users += 1;
    try {
      return await e.mutex.runExclusive(fn);
    } finally {
      e.users -= 1;
      if (e.users === 0 && this.entries.get(key) === e) this.entries.delete(key);
    }
  }

  /** True while a call with `key` runs or waits. */
  isLocked(key: K): boolean {
    return this.entries.get(key)?.mutex.isLocked() ?? false;
  }

  /** How many keys are held or awaited now (for tests and health checks). */
  get size(): number {
    return this.entries.size;
  }
}

/**
 * Small git objects kept by id for one host, so a hot read (a file's contents, the tree it sits in, the commit
 * of a branch) costs no round trip to the repository's `cat-file` process. An object id names the same bytes
 * forever, so entries are never stale; only objects that exist are kept, and only under their full id (an
 * abbreviated one may become ambiguous). Bounded in bytes, oldest use dropped first.
 */
import type { GitObject, ObjectReader } from '../../git/cat-file.ts';
import { DROP_SHARE } from '../../lib/drop-oldest.ts';

/** Objects larger than this are never kept. */
export const OBJECT_CACHE_MAX_OBJECT = 64 * 1024;
/** Trees the host wrote itself are kept up to this size: a file write's next write builds on them. */
export const OBJECT_CACHE_MAX_WRITTEN_TREE = 512 * 1024;
/** Bytes of object data kept per host. */
export const OBJECT_CACHE_BUDGET = 4 * 1024 * 1024;
/** Entries kept per host (most hold only a type and size). */
const MAX_ENTRIES = 16_384;

interface Entry {
  type: GitObject['type'];
  size: number;
  data: Buffer | null;
  /** Built but not yet stored (in a pack being gathered): the cache is the only place it can be read from. */
  pinned?: boolean;
}

const FULL_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/**
 * A copy in memory of its own: Buffer.from() cuts small copies from node's shared 8 KiB pool, and one kept 100-byte
 * object then pins the whole slab (measured after a soak: 1,743 slabs, 7.7 MB, held for a 4 MiB budget).
 */
function ownCopy(data: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(data.length);
  data.copy(copy);
  return copy;
}

/** Objects of every repository of a host, keyed by repository id and object id. */
export class ObjectCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly budget = OBJECT_CACHE_BUDGET, private readonly maxObject = OBJECT_CACHE_MAX_OBJECT) {}

  /** A reader that answers from the cache and keeps what `inner` reads. */
  reader(repoId: number, inner: () => ObjectReader): ObjectReader {
    return {
      read: async (name) => {
        const key = `${repoId}:${name}`;
        const have = this.touch(key);
        if (have?.data) return { id: name, type: have.type, size: have.size, data: have.data };
        const obj = await inner().read(name);
        if (obj && obj.id === name && FULL_ID.test(name)) this.keep(key, obj.type, obj.size, obj.size <= this.maxObject ? obj.data : null);
        return obj;
      },
      info: async (name) => {
        const key = `${repoId}:${name}`;
        const have = this.touch(key);
        if (have) return { id: name, type: have.type, size: have.size, data: Buffer.alloc(0) };
        const obj = await inner().info(name);
        if (obj && obj.id === name && FULL_ID.test(name)) this.keep(key, obj.type, obj.size, null);
        return obj;
      },
    };
  }

  /**
   * An object this host has just written itself: its bytes are known, so the first read costs no round trip.
   * A `pinned` object is not stored yet: it is kept whatever its size, and not dropped until `unpin`.
   */
  wrote(repoId: number, id: string, type: GitObject['type'], data: Buffer, pinned = false): void {
    if (!FULL_ID.test(id)) return;
    const key = `${repoId}:${id}`;
    this.keep(key, type, data.length, pinned || data.length <= this.maxWritten(type) ? data : null, true, pinned);
  }

  /** The objects are stored now: they may be dropped as any other (a large one at once). */
  unpin(repoId: number, ids: readonly string[]): void {
    for (const id of ids) {
      const e = this.entries.get(`${repoId}:${id}`);
      if (!e?.pinned) continue;
      delete e.pinned;
      if (e.data && e.data.length > this.maxWritten(e.type)) {
        this.bytes -= e.data.length;
        e.data = null;
      }
    }
    this.trim();
  }

  /** The largest object of `type` the host wrote that is kept with its bytes. */
  private maxWritten(type: GitObject['type']): number {
    return type === 'tree' ? Math.max(this.maxObject, OBJECT_CACHE_MAX_WRITTEN_TREE) : this.maxObject;
  }

  /** Drops the objects (pinned ones included): they were never stored. */
  forget(repoId: number, ids: readonly string[]): void {
    for (const id of ids) {
      const key = `${repoId}:${id}`;
      const e = this.entries.get(key);
      if (e) this.drop(key, e);
    }
  }

  /** Forgets every object not pinned (the host went idle: see releaseRepoCaches). */
  clear(): void {
    for (const [k, e] of this.entries) if (!e.pinned) this.drop(k, e);
  }

  /** Bytes of object data held now. */
  get size(): number {
    return this.bytes;
  }

  private touch(key: string): Entry | undefined {
    const e = this.entries.get(key);
    if (e) {
      this.entries.delete(key);
      this.entries.set(key, e);
    }
    return e;
  }

  private keep(key: string, type: GitObject['type'], size: number, data: Buffer | null, written = false, pinned = false): void {
    const old = this.entries.get(key);
    if (old?.data) {
      if (pinned) old.pinned = true;
      return;
    }
    if (old) this.entries.delete(key);
    // a copy, so a small object never pins the larger chunk of the reply it was cut from; a buffer the host wrote
    // that is all of its memory is kept as it is (the same buffer then keeps what was worked out from it, such as
    // a tree's index)
    const whole = written && data !== null && data.byteOffset === 0 && data.byteLength === data.buffer.byteLength;
    const own = data && !whole ? ownCopy(data) : data;
    this.entries.set(key, pinned ? { type, size, data: own, pinned } : { type, size, data: own });
    this.bytes += own?.length ?? 0;
    this.trim();
  }

  /**
   * Once over the budget, drops the least recently used entries not pinned until a tenth of it is free: one walk
   * from the oldest for many inserts (see lib/drop-oldest.ts for why a walk per insert costs).
   */
  private trim(): void {
    if (this.bytes <= this.budget && this.entries.size <= MAX_ENTRIES) return;
    const bytes = this.budget * (1 - DROP_SHARE);
    const count = MAX_ENTRIES * (1 - DROP_SHARE);
    for (const [k, e] of this.entries) {
      if (this.bytes <= bytes && this.entries.size <= count) break;
      if (!e.pinned) this.drop(k, e);
    }
  }

  private drop(key: string, e: Entry): void {
    this.entries.delete(key);
    this.bytes -= e.data?.length ?? 0;
  }
}

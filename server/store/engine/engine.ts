/**
 * The store engine: named JSON documents under `<data>/store`, each a lowdb database written atomically.
 * Small collections live in one document each; large or growing ones are split into partitions
 * (see partitioned.ts) so that a write rewrites one small file whatever the total number of records.
 */
import path from 'node:path';
import { Low } from 'lowdb';
import { DurableJsonFile } from './durable-file.ts';
import { writePauseOf, type WritePause } from './write-pause.ts';

export interface JsonDoc<T> {
  readonly name: string;
  data: T;
  /** Writes the document; resolves when it is on disk. `lagMs`: the write may wait that long to share it (DurableJsonFile.write). */
  save(lagMs?: number): Promise<void>;
}

interface Loaded {
  low: Low<unknown>;
  adapter: DurableJsonFile<unknown>;
  doc: JsonDoc<unknown>;
  saving: number;
  /** The bytes this document adds to loadedBytes now (its size as last read or written). */
  counted: number;
}

/** How many documents stay loaded; the least recently used idle ones are dropped past this. */
const MAX_LOADED = 256;
/** And how many bytes of JSON they may hold together (a hook-task or issue partition can be large). */
const MAX_LOADED_BYTES = 32 * 1024 * 1024;

export class StoreEngine {
  readonly root: string;
  private readonly loaded = new Map<string, Loaded>();
  private readonly loading = new Map<string, Promise<Loaded>>();
  private inFlight = new Set<Promise<void>>();
  private loadedBytes = 0;

  /** Holds the physical writes under this root for a backup's snapshot point. */
  readonly pause: WritePause;
  /** Record caches that can be forgotten and read again from disk (log collections), for dropCaches. */
  private readonly caches = new Set<{ dropCached(): void }>();

  constructor(root: string) {
    this.root = root;
    this.pause = writePauseOf(root);
  }

  /** Registers a cache of records that dropCaches may empty; returns it. */
  adopt<C extends { dropCached(): void }>(cache: C): C {
    this.caches.add(cache);
    return cache;
  }

  /** Unregisters a cache adopt() registered, once its records are gone (else the engine would hold it until restart). */
  unadopt(cache: { dropCached(): void }): void {
    this.caches.delete(cache);
  }

  /** Empties the registered record caches (the host went idle); each reads from disk again when next used. */
  dropCaches(): void {
    for (const c of this.caches) c.dropCached();
  }

  /** Opens (or creates in memory) the document at `name` (a relative path without `.json`). */
  async doc<T>(name: string, defaults: () => T): Promise<JsonDoc<T>> {
    const hit = this.loaded.get(name);
    if (hit) {
      this.loaded.delete(name);
      this.loaded.set(name, hit);
      return hit.doc as JsonDoc<T>;
    }
    let pending = this.loading.get(name);
    if (!pending) {
      pending = this.load(name, defaults as () => unknown);
      this.loading.set(name, pending);
    }
    try {
      return (await pending).doc as JsonDoc<T>;
    } finally {
      this.loading.delete(name);
    }
  }

  /**
   * doc() for several documents at once, in the order named: the loaded ones are taken in this turn and only the
   * missing ones are awaited, so a page of per-repository documents costs one await instead of one per document.
   */
  async docs<T>(names: readonly string[], defaults: () => T): Promise<JsonDoc<T>[]> {
    const out = new Array<JsonDoc<T>>(names.length);
    let missing: Promise<void>[] | undefined;
    for (let i = 0; i < names.length; i++) {
      const hit = this.loaded.get(names[i]!);
      if (hit) {
        this.loaded.delete(names[i]!);
        this.loaded.set(names[i]!, hit);
        out[i] = hit.doc as JsonDoc<T>;
      } else {
        (missing ??= []).push(this.doc(names[i]!, defaults).then((d) => { out[i] = d; }));
      }
    }
    if (missing) await Promise.all(missing);
    return out;
  }

  /** True when the document exists on disk or in memory. */
  async exists(name: string): Promise<boolean> {
    if (this.loaded.has(name)) return true;
    return (await new DurableJsonFile(this.fileOf(name)).read()) !== null;
  }

  private fileOf(name: string): string {
    if (!/^[a-z0-9_][a-z0-9_./-]*$/i.test(name) || name.includes('..')) throw new Error(`bad document name ${name}`);
    return path.join(this.root, `${name}.json`);
  }

  private async load(name: string, defaults: () => unknown): Promise<Loaded> {
    const adapter = new DurableJsonFile<unknown>(this.fileOf(name));
    const low = new Low<unknown>(adapter, defaults());
    await low.read();
    if (low.data === null || low.data === undefined) low.data = defaults();
    const entry: Loaded = { low, adapter, saving: 0, counted: adapter.bytes, doc: undefined as unknown as JsonDoc<unknown> };
    entry.doc = {
      name,
      get data() { return low.data; },
      set data(v) { low.data = v; },
      save: (lagMs = 0) => this.track(entry, lagMs),
    };
    this.loaded.set(name, entry);
    this.loadedBytes += adapter.bytes;
    this.evict();
    return entry;
  }

  private track(entry: Loaded, lagMs: number): Promise<void> {
    entry.saving += 1;
    // what Low.write() does, with the lag passed on
    const p = (entry.low.data ? entry.adapter.write(entry.low.data, lagMs) : Promise.resolve()).then(() => {
      // against what was counted, not the size when this save began: coalesced saves share one write
      if (this.loaded.get(entry.doc.name) !== entry) return;
      this.loadedBytes += entry.adapter.bytes - entry.counted;
      entry.counted = entry.adapter.bytes;
    }, (err: unknown) => {
      // A failed write leaves memory ahead of the disk: forget the document so the next use reloads the disk's copy.
      this.forget(entry.doc.name, entry);
      throw err;
    }).finally(() => {
      entry.saving -= 1;
      this.inFlight.delete(p);
      this.evict();
    });
    this.inFlight.add(p);
    return p;
  }

  private forget(name: string, entry: Loaded | undefined): void {
    if (!entry || this.loaded.get(name) !== entry) return;
    this.loaded.delete(name);
    this.loadedBytes -= entry.counted;
  }

  private evict(): void {
    for (const [name, entry] of this.loaded) {
      if (this.loaded.size <= MAX_LOADED && this.loadedBytes <= MAX_LOADED_BYTES) return;
      if (entry.saving === 0) this.forget(name, entry);
    }
  }

  /** Bytes of JSON the loaded documents hold (as last read or written). */
  get cachedBytes(): number {
    return this.loadedBytes;
  }

  /** Drops a document from memory and disk. */
  async remove(name: string): Promise<void> {
    const entry = this.loaded.get(name);
    this.forget(name, entry);
    await (entry?.adapter ?? new DurableJsonFile(this.fileOf(name))).remove();
  }

  /** Counts a write made beside the documents (a log's) as in flight, so flush() waits for it; returns it. */
  trackWrite(p: Promise<void>): Promise<void> {
    const settled = p.finally(() => this.inFlight.delete(settled));
    settled.catch(() => undefined);
    this.inFlight.add(settled);
    return p;
  }

  /** Waits for every write that has started. */
  async flush(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }
}

/**
 * A growing collection kept as append-only logs, one per id range: `<dir>/<n>.log` holds JSON lines `put` (a
 * whole record), `set` (changed fields of one record) and `del`. A change appends one small line instead of
 * rewriting its partition, so the bytes written follow the change, not the partition. A partition written by
 * the older document layout (`<n>.json`, `{ next_id, records }`) is read as the base its log applies to.
 * Parsed partitions are cached within a byte budget; one with appends on their way is never dropped.
 */
import { access, readdir, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { AppendLog } from './append-log.ts';
import { cloneRecord } from './clone.ts';

type Entry<R> = { op: 'put'; rec: R } | { op: 'set'; id: number; fields: Partial<R> } | { op: 'del'; id: number } | { op: 'next'; id: number };

interface Part<R> {
  records: Map<number, R>;
  /** The id counter a compaction recorded (ids are never reused after deletes). */
  next: number;
  bytes: number;
  busy: number;
  /** Log lines since the partition was last written whole. */
  lines: number;
}

// Per collection, and a host has one per hook and per repository with issues: a few partitions each (a hook's
// deliveries work in its newest ones; issue queries answer from their own indexes). At 16 MiB each, 90 s of the soak's
// mix left 5.8 MB of delivered payloads held by three hooks' caches, growing with every delivery.
const CACHE_BYTES = 1024 * 1024;
const CACHE_PARTS = 16;
/**
 * The id a log line concerns, read from its start as this class writes it: `{"op":"put","rec":{"id":N,...` (a record
 * whose first key is its id), `{"op":"set","id":N,...`, `{"op":"del","id":N}`, `{"op":"next","id":N}`.
 */
const LINE_ID = /^\{"op":"(?:put","rec":\{|set",|del",|next",)"id":(\d+)[,}]/;

export class LogCollection<R extends { id: number }> {
  private readonly root: string;
  private readonly size: number;
  private readonly parts = new Map<number, Promise<Part<R>>>();
  private readonly loadedBytes = new Map<number, number>();
  private readonly logs = new Map<number, AppendLog>();
  private nextId: Promise<{ value: number }> | null = null;
  private readonly compactAfter: number;
  /** Changes under way (from their call until their append has settled): cached partitions stay while any runs. */
  private changing = 0;
  /** Callers of settled() waiting for the changes under way to end. */
  private settledWaiters: (() => void)[] = [];

  /**
   * `root` is the collection's directory; `size` the ids per partition. With `compactAfter`, a partition whose log
   * has grown past that many lines, and past eight per record, is rewritten whole (for records changed often).
   */
  constructor(root: string, size: number, compactAfter = 0) {
    this.root = root;
    this.size = size;
    this.compactAfter = compactAfter;
  }

  private logOf(n: number): AppendLog {
    let l = this.logs.get(n);
    if (!l) this.logs.set(n, (l = new AppendLog(path.join(this.root, `${n}.log`))));
    return l;
  }

  /** Numbers of the partitions on disk, ascending. */
  async partitions(): Promise<number[]> {
    const names = await readdir(this.root).catch(() => [] as string[]);
    const nums = new Set(names.filter((f) => /^\d+\.(json|log)$/.test(f)).map((f) => Number.parseInt(f, 10)));
    return [...nums].sort((a, b) => a - b);
  }

  private async load(n: number): Promise<Part<R>> {
    const records = new Map<number, R>();
    let bytes = 0;
    let next = 0;
    try {
      const text = await readFile(path.join(this.root, `${n}.json`), 'utf8');
      bytes += text.length;
      const base = JSON.parse(text) as { next_id?: number; records?: Record<string, R> };
      for (const r of Object.values(base.records ?? {})) records.set(r.id, r);
      next = base.next_id ?? 0;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    let lines = 0;
    const log = await this.logOf(n).readSized<Entry<R>>();
    bytes += log.chars;
    for (const e of log.entries) {
      lines += 1;
      if (e.op === 'put') records.set(e.rec.id, e.rec);
      else if (e.op === 'set') { const r = records.get(e.id); if (r) Object.assign(r, e.fields); }
      else if (e.op === 'del') records.delete(e.id);
      else next = Math.max(next, e.id);
    }
    return { records, next, bytes, busy: 0, lines };
  }

  private part(n: number): Promise<Part<R>> {
    let p = this.parts.get(n);
    if (p) {
      this.parts.delete(n);
      this.parts.set(n, p);
      return p;
    }
    p = this.load(n);
    this.parts.set(n, p);
    void p.then((part) => {
      this.loadedBytes.set(n, part.bytes);
      void this.evict();
    }, () => this.parts.delete(n));
    return p;
  }

  private async evict(): Promise<void> {
    let total = [...this.loadedBytes.values()].reduce((a, b) => a + b, 0);
    // The partition used last stays, even alone over the budget: a hook's deliveries work in it.
    const newest = [...this.parts.keys()].at(-1);
    for (const [n, p] of this.parts) {
      if (total <= CACHE_BYTES && this.parts.size <= CACHE_PARTS) return;
      if (n === newest) continue;
      const part = await p;
      if (part.busy > 0 || this.parts.get(n) !== p) continue;
      this.parts.delete(n);
      total -= this.loadedBytes.get(n) ?? 0;
      this.loadedBytes.delete(n);
    }
  }

  /**
   * Forgets every parsed partition (the host went idle); they are read from disk again when next used. Does nothing
   * while a change runs: it may be holding a partition it has changed in memory but not yet appended.
   */
  dropCached(): void {
    if (this.changing > 0) return;
    this.parts.clear();
    this.loadedBytes.clear();
  }

  /** Counts `run` as a change under way (see dropCached and settled). */
  private async changingWhile<T>(run: () => Promise<T>): Promise<T> {
    this.changing += 1;
    try {
      return await run();
    } finally {
      this.changing -= 1;
      if (this.changing === 0) for (const w of this.settledWaiters.splice(0)) w();
    }
  }

  /** Resolves once no change is under way (before the collection's folder is removed: no append lands in it then). */
  settled(): Promise<void> {
    if (this.changing === 0) return Promise.resolve();
    return new Promise((resolve) => this.settledWaiters.push(resolve));
  }

  /** Runs a change in memory, then appends its entries; a failed append drops the partition so it reloads from disk. */
  private async change(n: number, part: Part<R>, entries: Entry<R>[], sync = true): Promise<void> {
    part.busy += 1;
    try {
      const log = this.logOf(n);
      // Added after the wait: `part.bytes += await ...` would read the size before it, and appends running together
      // (concurrent inserts into one partition) would each store their own length only, hiding the partition from
      // the budget.
      const added = await (sync ? log.append(...entries) : log.appendUnsynced(...entries));
      part.bytes += added;
      if (this.loadedBytes.has(n)) this.loadedBytes.set(n, part.bytes);
      part.lines += entries.length;
    } catch (err) {
      this.parts.delete(n);
      this.loadedBytes.delete(n);
      throw err;
    } finally {
      part.busy -= 1;
    }
    if (this.compactAfter && part.lines > this.compactAfter && part.lines > 8 * part.records.size && this.parts.has(n)) {
      part.lines = 0;
      await this.compact(n, part);
    }
  }

  private counter(): Promise<{ value: number }> {
    this.nextId ??= (async () => {
      const last = (await this.partitions()).at(-1);
      if (last === undefined) return { value: 1 };
      const part = await this.part(last);
      return { value: Math.max(1, last * this.size, part.next, ...[...part.records.keys()].map((i) => i + 1)) };
    })();
    return this.nextId;
  }

  private async allocate(allocated?: (id: number) => void): Promise<number> {
    const counter = await this.counter();
    const id = counter.value++;
    allocated?.(id);
    return id;
  }

  /**
   * Stores a new record with the next id; resolves when it is on disk. `beforeWrite` runs once the record is
   * made and before it is written or visible (an index that must never miss a stored record is written there).
   * `allocated` hears the id in the step that allocates it (ids are heard in ascending order).
   */
  insert(make: (id: number) => R, beforeWrite?: (rec: R) => Promise<void>, allocated?: (id: number) => void): Promise<R> {
    return this.changingWhile(() => this.insertNow(make, beforeWrite, allocated));
  }

  private async insertNow(make: (id: number) => R, beforeWrite?: (rec: R) => Promise<void>, allocated?: (id: number) => void): Promise<R> {
    const id = await this.allocate(allocated);
    const n = Math.floor(id / this.size);
    const part = await this.part(n);
    const rec = make(id);
    await beforeWrite?.(rec);
    part.records.set(id, rec);
    await this.change(n, part, [{ op: 'put', rec }]);
    return cloneRecord(rec);
  }

  /** Stores a new record under a chosen id (an import keeping its numbers); later ids follow the highest. */
  insertAt(id: number, make: (id: number) => R): Promise<R> {
    return this.changingWhile(() => this.insertAtNow(id, make));
  }

  private async insertAtNow(id: number, make: (id: number) => R): Promise<R> {
    if (!Number.isSafeInteger(id) || id < 1) throw new Error(`bad id ${id}`);
    const counter = await this.counter();
    const n = Math.floor(id / this.size);
    const part = await this.part(n);
    if (part.records.has(id)) throw new Error(`record ${id} exists`);
    counter.value = Math.max(counter.value, id + 1);
    const rec = make(id);
    part.records.set(id, rec);
    await this.change(n, part, [{ op: 'put', rec }]);
    return cloneRecord(rec);
  }

  /**
   * Stores records that keep their ids (a table moving from its one-document layout), each partition written whole
   * in one atomic rewrite; an id already stored keeps its stored record, so an import cut short can run again. Later
   * ids follow `next` (the document's counter, past ids it deleted) or the highest id, whichever is higher.
   */
  importRecords(records: readonly R[], next: number): Promise<void> {
    return this.changingWhile(async () => {
      const counter = await this.counter();
      const byPart = new Map<number, R[]>();
      for (const r of records) {
        if (!Number.isSafeInteger(r.id) || r.id < 1) throw new Error(`bad id ${r.id}`);
        const n = Math.floor(r.id / this.size);
        const list = byPart.get(n);
        if (list) list.push(r);
        else byPart.set(n, [r]);
        counter.value = Math.max(counter.value, r.id + 1);
      }
      counter.value = Math.max(counter.value, next);
      // The counter goes into the partition of its last id too, so a reopen reads it even when no record is there.
      const counterPart = Math.floor((counter.value - 1) / this.size);
      if (!byPart.has(counterPart)) byPart.set(counterPart, []);
      for (const [n, list] of [...byPart].sort((a, b) => a[0] - b[0])) {
        const part = await this.part(n);
        for (const r of list) if (!part.records.has(r.id)) part.records.set(r.id, cloneRecord(r));
        await this.compact(n, part);
      }
    });
  }

  /** The record itself (no copy: callers must not change it), or undefined. */
  async peek(id: number): Promise<Readonly<R> | undefined> {
    if (!Number.isSafeInteger(id) || id < 1) return undefined;
    return (await this.part(Math.floor(id / this.size))).records.get(id);
  }

  /** A copy of the record, or undefined. */
  async get(id: number): Promise<R | undefined> {
    if (!Number.isSafeInteger(id) || id < 1) return undefined;
    const rec = (await this.part(Math.floor(id / this.size))).records.get(id);
    return rec ? cloneRecord(rec) : undefined;
  }

  /**
   * Changes a record: `mutate` returns the fields to change (computed from the current record in the same
   * synchronous step), or null for no change. Returns the new copy, or undefined when absent or unchanged.
   * `sync: false` appends the change without a sync of its own (see AppendLog.appendUnsynced); `copy: false`
   * returns the stored record itself, which callers must not change (a record with a large body is not copied).
   */
  set(id: number, mutate: (r: Readonly<R>) => Partial<R> | null, opts: { sync?: boolean; copy?: boolean } = {}): Promise<R | undefined> {
    return this.changingWhile(() => this.setNow(id, mutate, opts));
  }

  private async setNow(id: number, mutate: (r: Readonly<R>) => Partial<R> | null, opts: { sync?: boolean; copy?: boolean } = {}): Promise<R | undefined> {
    if (!Number.isSafeInteger(id) || id < 1) return undefined;
    const n = Math.floor(id / this.size);
    const part = await this.part(n);
    const rec = part.records.get(id);
    if (!rec) return undefined;
    const fields = mutate(rec);
    if (!fields) return undefined;
    Object.assign(rec, fields);
    await this.change(n, part, [{ op: 'set', id, fields }], opts.sync ?? true);
    return opts.copy === false ? rec : cloneRecord(rec);
  }

  /**
   * The records with these ids (no copies: callers must not change them), for a few records spread over many
   * partitions. A cached partition answers from memory; another is read without being cached, parsing only the
   * lines of the wanted ids (found by the start of each line), so a page of rows from ten partitions neither parses
   * nor holds ten whole partitions. A partition with a base document, or with a line of another shape, loads whole.
   */
  async peekFew(ids: readonly number[]): Promise<Map<number, Readonly<R>>> {
    const byPart = new Map<number, Set<number>>();
    for (const id of ids) {
      if (!Number.isSafeInteger(id) || id < 1) continue;
      const n = Math.floor(id / this.size);
      const set = byPart.get(n);
      if (set) set.add(id);
      else byPart.set(n, new Set([id]));
    }
    const out = new Map<number, Readonly<R>>();
    for (const [n, want] of byPart) {
      const cached = this.parts.get(n);
      const records = cached ? (await cached).records : await this.readFew(n, want);
      for (const id of want) {
        const r = records.get(id);
        if (r) out.set(id, r);
      }
    }
    return out;
  }

  /** The wanted records of a partition read from disk alone (see peekFew); the whole partition when it cannot. */
  private async readFew(n: number, want: ReadonlySet<number>): Promise<Map<number, R>> {
    // A base document (the older layout) holds records of its own: the partition is loaded whole.
    const based = await access(path.join(this.root, `${n}.json`)).then(() => true, (err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
      return false;
    });
    if (based) return (await this.part(n)).records;
    let log: Buffer;
    try {
      log = await readFile(path.join(this.root, `${n}.log`));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
      throw err;
    }
    const records = new Map<number, R>();
    // Line by line in the bytes: only the start of a line is decoded, and only a wanted line parsed.
    for (let at = 0; at < log.length;) {
      const next = log.indexOf(0x0a, at);
      const end = next < 0 ? log.length : next;
      const start = at;
      at = end + 1;
      if (end === start) continue;
      const m = LINE_ID.exec(log.toString('latin1', start, Math.min(end, start + 64)));
      if (!m) return (await this.part(n)).records;
      if (!want.has(Number(m[1]))) continue;
      let e: Entry<R>;
      try {
        e = JSON.parse(log.toString('utf8', start, end)) as Entry<R>;
      } catch {
        continue; // a line cut short by a kill: it was never acknowledged
      }
      if (e.op === 'put') records.set(e.rec.id, e.rec);
      else if (e.op === 'set') { const r = records.get(e.id); if (r) Object.assign(r, e.fields); }
      else if (e.op === 'del') records.delete(e.id);
    }
    return records;
  }

  /** The records of one partition (no copies: callers must not change them), by id ascending. */
  async peekPartition(n: number): Promise<R[]> {
    return [...(await this.part(n)).records.values()].sort((a, b) => a.id - b.id);
  }

  /** Deletes records for which `drop` is true; each partition that loses some is compacted. Returns how many went. */
  deleteWhere(drop: (r: R) => boolean): Promise<number> {
    return this.changingWhile(() => this.deleteWhereNow(drop));
  }

  private async deleteWhereNow(drop: (r: R) => boolean): Promise<number> {
    let count = 0;
    for (const n of await this.partitions()) {
      const part = await this.part(n);
      const gone = [...part.records.values()].filter(drop);
      if (!gone.length) continue;
      for (const r of gone) part.records.delete(r.id);
      count += gone.length;
      await this.compact(n, part);
    }
    return count;
  }

  /** Deletes the records with these ids; only their partitions are read and compacted. Returns how many went. */
  deleteIds(ids: readonly number[]): Promise<number> {
    return this.changingWhile(() => this.deleteIdsNow(ids));
  }

  private async deleteIdsNow(ids: readonly number[]): Promise<number> {
    const byPart = new Map<number, number[]>();
    for (const id of ids) {
      if (!Number.isSafeInteger(id) || id < 1) continue;
      const n = Math.floor(id / this.size);
      const list = byPart.get(n);
      if (list) list.push(id);
      else byPart.set(n, [id]);
    }
    let count = 0;
    for (const [n, list] of byPart) {
      const part = await this.part(n);
      const gone = list.filter((id) => part.records.delete(id));
      if (!gone.length) continue;
      count += gone.length;
      await this.compact(n, part);
    }
    return count;
  }

  /** Rewrites a partition's log with one `put` per record (and the id counter), and drops the old base document. */
  private async compact(n: number, part: Part<R>): Promise<void> {
    part.busy += 1;
    try {
      const next = this.nextId ? (await this.nextId).value : 0;
      const puts: Entry<R>[] = [...part.records.values()].map((rec) => ({ op: 'put', rec }));
      await this.logOf(n).rewrite([...puts, { op: 'next', id: next }]);
      await unlink(path.join(this.root, `${n}.json`)).catch(() => undefined);
      part.lines = puts.length + 1;
    } finally {
      part.busy -= 1;
    }
  }
}

/**
 * A growing table with Table's interface (unique and lookup indexes, paged queries) kept in append-only log
 * partitions (LogCollection) instead of one document: storing or changing a row appends one line, so the cost of a
 * write follows the row, not the table. The rows are read once per store into memory with their indexes; a table
 * written by the older one-document layout (`<name>.json`) is imported on first use and its document removed.
 */
import { readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Store } from '../index.ts';
import { LogCollection } from './log-collection.ts';
import { RowIndexes, UniqueViolation } from './indexes.ts';
import { pageRows, type Page, type Query } from './query.ts';
import { cloneRecord } from './clone.ts';
import type { TableOptions } from './table.ts';

interface State<R extends { id: number }> {
  coll: LogCollection<R>;
  rows: Map<number, R>;
  idx: RowIndexes<R>;
}

const copy = cloneRecord;

export class LogTable<R extends { id: number }> {
  private readonly name: string;
  private readonly opts: TableOptions<R>;
  private readonly partition: number;
  private readonly states = new WeakMap<Store, Promise<State<R>>>();

  /** `name` is the directory under the store (and the older document's name); `partition` the ids per log file. */
  constructor(name: string, opts: TableOptions<R> = {}, partition = 500) {
    this.name = name;
    this.opts = opts;
    this.partition = partition;
  }

  private state(store: Store): Promise<State<R>> {
    let s = this.states.get(store);
    if (!s) {
      s = this.open(store);
      this.states.set(store, s);
      s.catch(() => this.states.delete(store));
    }
    return s;
  }

  private async open(store: Store): Promise<State<R>> {
    const coll = store.engine.adopt(new LogCollection<R>(path.join(store.engine.root, this.name), this.partition, 2_000));
    await this.importDocument(store, coll);
    const rows = new Map<number, R>();
    for (const n of await coll.partitions()) for (const r of await coll.peekPartition(n)) rows.set(r.id, copy(r));
    return { coll, rows, idx: new RowIndexes(this.name, this.opts.unique ?? [], this.opts.indexes ?? [], rows.values()) };
  }

  /**
   * Moves the rows of the older one-document table into the logs, then removes the document. The document goes
   * last, so a move cut short by a crash runs again at the next open and adds the rows it had not written yet.
   */
  private async importDocument(store: Store, coll: LogCollection<R>): Promise<void> {
    const file = path.join(store.engine.root, `${this.name}.json`);
    let doc: { next_id?: number; rows?: Record<string, R> };
    try {
      doc = JSON.parse(await readFile(file, 'utf8')) as { next_id?: number; rows?: Record<string, R> };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    await coll.importRecords(Object.values(doc.rows ?? {}), doc.next_id ?? 1);
    await unlink(file);
  }

  private indexed(s: State<R>, index: string, key: string): R[] {
    return s.idx.ids(index, key).flatMap((id) => s.rows.get(id) ?? []);
  }

  /** The row with this id, or undefined. */
  async get(store: Store, id: number): Promise<R | undefined> {
    const r = (await this.state(store)).rows.get(id);
    return r ? copy(r) : undefined;
  }

  /** The row holding `key` in the unique index `index`, or undefined. */
  async getBy(store: Store, index: string, key: string): Promise<R | undefined> {
    const s = await this.state(store);
    const id = s.idx.uniqueId(index, key);
    const r = id === undefined ? undefined : s.rows.get(id);
    return r ? copy(r) : undefined;
  }

  /** Rows having `key` in the index `index` (and matching `where`), by id ascending. */
  async listBy(store: Store, index: string, key: string, where: (r: R) => boolean = () => true): Promise<R[]> {
    return this.indexed(await this.state(store), index, key).filter(where).sort((a, b) => a.id - b.id).map(copy);
  }

  /** Every row matching `where`, by id ascending. */
  async list(store: Store, where: (r: R) => boolean = () => true): Promise<R[]> {
    return [...(await this.state(store)).rows.values()].filter(where).sort((a, b) => a.id - b.id).map(copy);
  }

  /** How many rows have `key` in the index `index` (and match `where`), without copying them. */
  async countBy(store: Store, index: string, key: string, where: (r: Readonly<R>) => boolean = () => true): Promise<number> {
    return this.indexed(await this.state(store), index, key).filter(where).length;
  }

  /** Visits the rows having `key` in the index `index`, in no set order, without copying them (`visit` only reads). */
  async scanBy(store: Store, index: string, key: string, visit: (r: Readonly<R>) => void): Promise<void> {
    const s = await this.state(store);
    const m = s.idx.ids(index, key);
    for (const id of m) {
      const r = s.rows.get(id);
      if (r) visit(r);
    }
  }

  /** Copies of the rows with these ids, in their order (unknown ids left out). */
  async getMany(store: Store, ids: readonly number[]): Promise<R[]> {
    const s = await this.state(store);
    return ids.flatMap((id) => {
      const r = s.rows.get(id);
      return r ? [copy(r)] : [];
    });
  }

  /** The highest `value` over the rows having `key` in the index `index` (0 when none), without copying them. */
  async maxBy(store: Store, index: string, key: string, value: (r: Readonly<R>) => number): Promise<number> {
    let max = 0;
    for (const r of this.indexed(await this.state(store), index, key)) max = Math.max(max, value(r));
    return max;
  }

  /** One page of the rows matching the query, and how many match in all; only the page is copied. */
  async query(store: Store, q: Query<R>): Promise<Page<R>> {
    const s = await this.state(store);
    return pageRows(q.index ? this.indexed(s, q.index.name, q.index.key) : [...s.rows.values()], q, copy);
  }

  /** Stores a new row built with the next id; resolves once it is on disk. Throws UniqueViolation on a taken key. */
  async insert(store: Store, make: (id: number) => R): Promise<R> {
    const { row, saved } = await this.insertStaged(store, make);
    await saved;
    return row;
  }

  /**
   * insert() in two steps, as Table's: resolves once memory holds the row (checked and indexed), with `saved` for its
   * append. Unlike Table's, it takes no lag: an append is one line in a group commit, so nothing is gained by waiting.
   */
  async insertStaged(store: Store, make: (id: number) => R): Promise<{ row: R; saved: Promise<void> }> {
    const s = await this.state(store);
    let staged!: (row: R) => void;
    const inMemory = new Promise<R>((resolve) => { staged = resolve; });
    const written = this.guarded(store, () => s.coll.insert(make, (row) => {
      // Checked and indexed in one synchronous step, before the row is written.
      s.idx.check(row);
      s.rows.set(row.id, copy(row));
      s.idx.add(row);
      staged(copy(row));
      return Promise.resolve();
    }));
    // A write that fails before the row is staged (a refused key) fails this call; after it, only `saved`.
    const row = await Promise.race([inMemory, written.then(() => inMemory)]);
    const saved = written.then(() => undefined);
    saved.catch(() => undefined);
    return { row, saved };
  }

  /** Applies `mutate` to a copy of the row, checks its unique keys, appends the changed fields; undefined when unknown. */
  async update(store: Store, id: number, mutate: (r: R) => void): Promise<R | undefined> {
    const s = await this.state(store);
    let next: R | undefined;
    await this.guarded(store, () => s.coll.set(id, (current) => {
      const row = s.rows.get(id) ?? (current as R);
      next = copy(row);
      mutate(next);
      s.idx.check(next, row);
      const fields: Partial<R> = {};
      for (const k of Object.keys(next) as (keyof R)[]) if (JSON.stringify(next[k]) !== JSON.stringify(row[k])) fields[k] = next[k];
      s.idx.remove(row);
      s.rows.set(id, next);
      s.idx.add(next);
      return Object.keys(fields).length ? fields : null;
    }));
    return next ? copy(next) : undefined;
  }

  /** Deletes the rows having `key` in the index `index` and matching `where`; returns how many went. */
  async removeBy(store: Store, index: string, key: string, where: (r: R) => boolean = () => true): Promise<number> {
    const s = await this.state(store);
    return this.drop(store, s, this.indexed(s, index, key).filter(where));
  }

  /** Deletes every row matching `where`; returns how many went. */
  async removeWhere(store: Store, where: (r: R) => boolean): Promise<number> {
    const s = await this.state(store);
    return this.drop(store, s, [...s.rows.values()].filter(where));
  }

  /** Deletes one row. */
  async remove(store: Store, id: number): Promise<void> {
    const s = await this.state(store);
    const r = s.rows.get(id);
    if (r) await this.drop(store, s, [r]);
  }

  /** Runs a write; when the disk write fails, memory is dropped so the next use reads the rows from disk again. */
  private async guarded<T>(store: Store, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      // A refused key changed nothing; anything else may have left memory ahead of the disk.
      if (!(err instanceof UniqueViolation)) this.states.delete(store);
      throw err;
    }
  }

  private async drop(store: Store, s: State<R>, rows: R[]): Promise<number> {
    if (!rows.length) return 0;
    const ids = new Set(rows.map((r) => r.id));
    for (const r of rows) {
      s.idx.remove(r);
      s.rows.delete(r.id);
    }
    await this.guarded(store, () => s.coll.deleteIds([...ids]));
    return ids.size;
  }
}

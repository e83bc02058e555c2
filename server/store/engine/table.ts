/**
 * A small collection kept in one document: `{ next_id, rows }`. For collections that stay small on a desktop
 * (users, tokens, login sources, repositories, hooks). Growing ones use PartitionedCollection instead.
 * Every function returns copies, so callers never edit the stored document by accident. A table may declare
 * unique indexes (checked in the same synchronous step as each insert and update) and lookup indexes.
 */
import type { Store } from '../index.ts';
import { RowIndexes, type IndexSpec } from './indexes.ts';
import { pageRows, type Page, type Query } from './query.ts';
import { cloneRecord } from './clone.ts';

interface TableDoc<R> {
  next_id: number;
  rows: Record<string, R>;
}

/** The indexes a table declares. */
export interface TableOptions<R> {
  unique?: IndexSpec<R>[];
  indexes?: IndexSpec<R>[];
}

const copy = cloneRecord;

/** Freezes a value and everything it holds, so a shared copy cannot be edited by one reader for the others. */
function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    for (const x of Object.values(v)) deepFreeze(x);
    Object.freeze(v);
  }
  return v;
}

export class Table<R extends { id: number }> {
  private readonly name: string;
  private readonly opts: TableOptions<R>;
  /** Keyed by the loaded rows object: a reloaded document gets fresh indexes built from what is on disk. */
  private readonly built = new WeakMap<object, RowIndexes<R>>();
  /**
   * One frozen copy per stored row object, handed to every reader of that row through peek(). Writes never edit
   * a stored row in place (update stores a new object), so a copy can never show a stale row.
   */
  private readonly frozen = new WeakMap<R, Readonly<R>>();
  /** Sorted orders of the rows and plucked fields kept between reads (ordered, pluckBy), keyed like `built`; every write drops them. */
  private readonly orders = new WeakMap<object, Map<string, unknown[]>>();

  constructor(name: string, opts: TableOptions<R> = {}) {
    this.name = name;
    this.opts = opts;
  }

  private doc(store: Store) {
    return store.engine.doc<TableDoc<R>>(this.name, () => ({ next_id: 1, rows: {} }));
  }

  private indexesOf(d: TableDoc<R>): RowIndexes<R> {
    let idx = this.built.get(d.rows);
    if (!idx) {
      idx = new RowIndexes(this.name, this.opts.unique ?? [], this.opts.indexes ?? [], Object.values(d.rows));
      this.built.set(d.rows, idx);
    }
    return idx;
  }

  /** The row with this id, or undefined. */
  async get(store: Store, id: number): Promise<R | undefined> {
    const r = (await this.doc(store)).data.rows[String(id)];
    return r ? copy(r) : undefined;
  }

  /**
   * get() for read-only use: a deeply frozen copy shared by every caller until the row is written. For hot read
   * paths (each request's user and token), where a fresh copy per read costs more than the work it serves.
   */
  async peek(store: Store, id: number): Promise<Readonly<R> | undefined> {
    const r = (await this.doc(store)).data.rows[String(id)];
    return r ? this.shared(r) : undefined;
  }

  /** getBy() for read-only use: the shared frozen copy of the row (see peek). */
  async peekBy(store: Store, index: string, key: string): Promise<Readonly<R> | undefined> {
    const d = (await this.doc(store)).data;
    const id = this.indexesOf(d).uniqueId(index, key);
    const r = id === undefined ? undefined : d.rows[String(id)];
    return r ? this.shared(r) : undefined;
  }

  /** getMany() for read-only use: the shared frozen copies (see peek). */
  async peekMany(store: Store, ids: readonly number[]): Promise<Readonly<R>[]> {
    const rows = (await this.doc(store)).data.rows;
    const out: Readonly<R>[] = [];
    for (const id of ids) {
      const r = rows[id];
      if (r) out.push(this.shared(r));
    }
    return out;
  }

  /** list() for read-only use: the shared frozen copies (see peek) of the rows matching `where`, by id ascending. */
  async peekList(store: Store, where: (r: Readonly<R>) => boolean = () => true): Promise<Readonly<R>[]> {
    return Object.values((await this.doc(store)).data.rows).filter(where).sort((a, b) => a.id - b.id).map((r) => this.shared(r));
  }

  private shared(r: R): Readonly<R> {
    let f = this.frozen.get(r);
    if (!f) this.frozen.set(r, (f = deepFreeze(copy(r))));
    return f;
  }

  /** The rows with these ids, in the order given (missing ones left out). */
  async getMany(store: Store, ids: number[]): Promise<R[]> {
    const rows = (await this.doc(store)).data.rows;
    return ids.flatMap((id) => (rows[String(id)] ? [copy(rows[String(id)]!)] : []));
  }

  /** The row holding `key` in the unique index `index`, or undefined. */
  async getBy(store: Store, index: string, key: string): Promise<R | undefined> {
    const d = (await this.doc(store)).data;
    const id = this.indexesOf(d).uniqueId(index, key);
    const r = id === undefined ? undefined : d.rows[String(id)];
    return r ? copy(r) : undefined;
  }

  /** Rows having `key` in the index `index` (and matching `where`), by id ascending. */
  async listBy(store: Store, index: string, key: string, where: (r: R) => boolean = () => true): Promise<R[]> {
    const d = (await this.doc(store)).data;
    return this.indexed(d, index, key).filter(where).sort((a, b) => a.id - b.id).map(copy);
  }

  /**
   * `pick` of each row having `key` in the index `index`, by id ascending, kept until the next write like ordered():
   * `name` names what `pick` takes (one name, one pick). The array is shared: read-only for callers.
   */
  async pluckBy<T>(store: Store, name: string, index: string, key: string, pick: (r: Readonly<R>) => T): Promise<readonly T[]> {
    const d = (await this.doc(store)).data;
    let kept = this.orders.get(d.rows);
    if (!kept) this.orders.set(d.rows, (kept = new Map()));
    const k = `pluck\0${name}\0${index}\0${key}`;
    let values = kept.get(k) as T[] | undefined;
    if (!values) kept.set(k, (values = this.indexed(d, index, key).sort((a, b) => a.id - b.id).map(pick)));
    return values;
  }

  /** How many rows have `key` in the index `index` and match `where`. */
  async countBy(store: Store, index: string, key: string, where: (r: R) => boolean = () => true): Promise<number> {
    return this.indexed((await this.doc(store)).data, index, key).filter(where).length;
  }

  /** countBy() for each of `keys`, in their order, from one read of the document. */
  async countByEach(store: Store, index: string, keys: readonly string[], where: (r: R) => boolean = () => true): Promise<number[]> {
    const d = (await this.doc(store)).data;
    return keys.map((key) => this.indexed(d, index, key).filter(where).length);
  }

  /** peekBy() for each of `keys` of a unique index, in their order (undefined where none), from one read of the document. */
  async peekByEach(store: Store, index: string, keys: readonly string[]): Promise<(Readonly<R> | undefined)[]> {
    const d = (await this.doc(store)).data;
    const idx = this.indexesOf(d);
    return keys.map((key) => {
      const id = idx.uniqueId(index, key);
      const r = id === undefined ? undefined : d.rows[String(id)];
      return r ? this.shared(r) : undefined;
    });
  }

  private indexed(d: TableDoc<R>, index: string, key: string): R[] {
    return this.indexesOf(d).ids(index, key).flatMap((id) => d.rows[String(id)] ?? []);
  }

  /** The first row matching `where`, or undefined. */
  async find(store: Store, where: (r: R) => boolean): Promise<R | undefined> {
    const r = Object.values((await this.doc(store)).data.rows).find(where);
    return r ? copy(r) : undefined;
  }

  /** Rows matching `where`, by id ascending. */
  async list(store: Store, where: (r: R) => boolean = () => true): Promise<R[]> {
    return Object.values((await this.doc(store)).data.rows).filter(where).sort((a, b) => a.id - b.id).map(copy);
  }

  /** One page of the rows matching the query, and how many match in all; only the page is copied. */
  async query(store: Store, q: Query<R>): Promise<Page<R>> {
    const d = (await this.doc(store)).data;
    const from = q.index ? this.indexed(d, q.index.name, q.index.key) : Object.values(d.rows);
    return pageRows(from, q, copy);
  }

  /** A small projection of every row matching `where` (for filters that need more than the row, then a page). */
  async select<P>(store: Store, where: (r: R) => boolean, project: (r: Readonly<R>) => P, sort?: (a: R, b: R) => number): Promise<P[]> {
    const rows = Object.values((await this.doc(store)).data.rows).filter(where);
    rows.sort(sort ?? ((a, b) => a.id - b.id));
    return rows.map(project);
  }

  /**
   * A sorted order of every row, kept until the next write, so a read walks rows already in order instead of
   * sorting. `name` names the order `compare` gives (one name, one compare). The array and its rows are the stored
   * ones, shared and not copied: read-only, for a caller that cuts a page before it copies anything. A write drops
   * the order (the next read sorts anew) and stores new row objects, so a caller still walking it sees the rows as
   * they were when it was handed out.
   */
  async ordered(store: Store, name: string, compare: (a: R, b: R) => number): Promise<readonly Readonly<R>[]> {
    const d = (await this.doc(store)).data;
    let kept = this.orders.get(d.rows);
    if (!kept) this.orders.set(d.rows, (kept = new Map()));
    let rows = kept.get(name) as R[] | undefined;
    if (!rows) kept.set(name, (rows = Object.values(d.rows).sort(compare)));
    return rows;
  }

  /** How many rows match. */
  async count(store: Store, where: (r: R) => boolean = () => true): Promise<number> {
    let n = 0;
    for (const r of Object.values((await this.doc(store)).data.rows)) if (where(r)) n += 1;
    return n;
  }

  /** Stores a new row built with the next id; resolves once it is on disk. Throws UniqueViolation on a taken key. */
  async insert(store: Store, make: (id: number) => R): Promise<R> {
    const staged = await this.insertStaged(store, make);
    await staged.saved;
    return staged.row;
  }

  /** insert() in two steps, as updateStaged: resolves once memory holds the row, with `saved` for the disk write. */
  async insertStaged(store: Store, make: (id: number) => R, lagMs = 0): Promise<{ row: R; saved: Promise<void> }> {
    const d = await this.doc(store);
    const idx = this.indexesOf(d.data);
    // From here to the save there is no await: the unique check and the insert are one step.
    const row = make(d.data.next_id);
    idx.check(row);
    d.data.next_id = Math.max(d.data.next_id, row.id) + 1;
    d.data.rows[String(row.id)] = row;
    idx.add(row);
    this.orders.delete(d.data.rows);
    const out = copy(row);
    const saved = d.save(lagMs);
    saved.catch(() => undefined);
    return { row: out, saved };
  }

  /** Applies `mutate` to a copy of the row, checks its unique keys, stores it; undefined when the id is unknown. */
  async update(store: Store, id: number, mutate: (r: R) => void): Promise<R | undefined> {
    const staged = await this.updateStaged(store, id, mutate);
    await staged?.saved;
    return staged?.row;
  }

  /**
   * update() in two steps: resolves once the row is changed in memory (what every reader sees from then on), with
   * `saved`, which resolves once it is on disk. A caller holding a lock can release it before the disk write, so
   * writes of several requests share one fsync (the file coalesces writes that queue behind a running one);
   * `lagMs` lets the write wait to share it with more (JsonDoc.save).
   */
  async updateStaged(store: Store, id: number, mutate: (r: R) => void, lagMs = 0): Promise<{ row: R; saved: Promise<void> } | undefined> {
    const d = await this.doc(store);
    const idx = this.indexesOf(d.data);
    const row = d.data.rows[String(id)];
    if (!row) return undefined;
    const next = copy(row);
    mutate(next);
    idx.check(next, row);
    idx.remove(row);
    d.data.rows[String(id)] = next;
    idx.add(next);
    this.orders.delete(d.data.rows);
    const saved = d.save(lagMs);
    // handled by the caller's await; this only keeps a failure from counting as unhandled meanwhile
    saved.catch(() => undefined);
    return { row: copy(next), saved };
  }

  /** Deletes the rows matching `where`; returns how many went. */
  async removeWhere(store: Store, where: (r: R) => boolean): Promise<number> {
    const d = await this.doc(store);
    return this.drop(d, Object.values(d.data.rows).filter(where));
  }

  /** Deletes the rows having `key` in the index `index` and matching `where`; returns how many went. */
  async removeBy(store: Store, index: string, key: string, where: (r: R) => boolean = () => true): Promise<number> {
    const d = await this.doc(store);
    return this.drop(d, this.indexed(d.data, index, key).filter(where));
  }

  private async drop(d: Awaited<ReturnType<Table<R>['doc']>>, rows: R[]): Promise<number> {
    const idx = this.indexesOf(d.data);
    for (const r of rows) {
      idx.remove(r);
      delete d.data.rows[String(r.id)];
    }
    this.orders.delete(d.data.rows);
    if (rows.length) await d.save();
    return rows.length;
  }

  /** Deletes one row. */
  async remove(store: Store, id: number): Promise<void> {
    const d = await this.doc(store);
    const r = d.data.rows[String(id)];
    if (r) await this.drop(d, [r]);
  }
}

/**
 * In-memory indexes over one document's rows. Unique indexes are the store's arbiter of "already exists": the
 * check and the change happen in one synchronous step with the write, so two concurrent requests can never both
 * pass the check (there is no await between them). Secondary indexes map a key to the ids that have it.
 * Indexes are rebuilt from the rows whenever a document is (re)loaded, so they never drift from what is stored.
 */
import { ConflictError } from '../../lib/errors.ts';

/** How a record declares an index: a name and the key of a row, or null when the row is not indexed. */
export interface IndexSpec<R> {
  name: string;
  key: (r: R) => string | null;
}

/** Thrown when a write would give two rows the same key in a unique index. A 409 unless a service maps it. */
export class UniqueViolation extends ConflictError {
  readonly index: string;
  readonly key: string;
  constructor(table: string, index: string, key: string) {
    super(`${table}: ${index} already exists [${key}]`);
    this.index = index;
    this.key = key;
  }
}

/** True when `err` is a unique-index violation of `index` (any index when not given). */
export const isUniqueViolation = (err: unknown, index?: string): err is UniqueViolation =>
  err instanceof UniqueViolation && (index === undefined || err.index === index);

/** A key made of several parts, safe against parts that contain the separator. */
export const compositeKey = (...parts: (string | number)[]): string => JSON.stringify(parts);

/** The indexes of one loaded document. */
export class RowIndexes<R extends { id: number }> {
  private readonly table: string;
  private readonly uniqueSpecs: IndexSpec<R>[];
  private readonly lookupSpecs: IndexSpec<R>[];
  private readonly unique = new Map<string, Map<string, number>>();
  private readonly lookup = new Map<string, Map<string, Set<number>>>();

  constructor(table: string, uniqueSpecs: IndexSpec<R>[], lookupSpecs: IndexSpec<R>[], rows: Iterable<R>) {
    this.table = table;
    this.uniqueSpecs = uniqueSpecs;
    this.lookupSpecs = lookupSpecs;
    for (const s of uniqueSpecs) this.unique.set(s.name, new Map());
    for (const s of lookupSpecs) this.lookup.set(s.name, new Map());
    // Rows stored before an index existed may already collide: the first keeps the key, none is dropped.
    for (const r of rows) this.add(r, true);
  }

  /**
   * Throws UniqueViolation when `row` would take a unique key that another row (not `row.id`) holds. With
   * `previous` (an update), only changed keys are checked: rows that collided before the index existed stay editable.
   */
  check(row: R, previous?: R): void {
    for (const s of this.uniqueSpecs) {
      const k = s.key(row);
      if (k === null || (previous && s.key(previous) === k)) continue;
      const holder = this.unique.get(s.name)!.get(k);
      if (holder !== undefined && holder !== row.id) throw new UniqueViolation(this.table, s.name, k);
    }
  }

  /** Adds a row's keys (after check). */
  add(row: R, keepFirst = false): void {
    for (const s of this.uniqueSpecs) {
      const k = s.key(row);
      const m = this.unique.get(s.name)!;
      if (k !== null && !(keepFirst && m.has(k))) m.set(k, row.id);
    }
    for (const s of this.lookupSpecs) {
      const k = s.key(row);
      if (k === null) continue;
      const m = this.lookup.get(s.name)!;
      let ids = m.get(k);
      if (!ids) m.set(k, (ids = new Set()));
      ids.add(row.id);
    }
  }

  /** Removes a row's keys. */
  remove(row: R): void {
    for (const s of this.uniqueSpecs) {
      const k = s.key(row);
      const m = this.unique.get(s.name)!;
      if (k !== null && m.get(k) === row.id) m.delete(k);
    }
    for (const s of this.lookupSpecs) {
      const k = s.key(row);
      if (k === null) continue;
      const ids = this.lookup.get(s.name)!.get(k);
      ids?.delete(row.id);
      if (ids?.size === 0) this.lookup.get(s.name)!.delete(k);
    }
  }

  /** The id holding `key` in the unique index `name`. */
  uniqueId(name: string, key: string): number | undefined {
    const m = this.unique.get(name);
    if (!m) throw new Error(`${this.table} has no unique index ${name}`);
    return m.get(key);
  }

  /** The ids having `key` in the index `name` (unique or not). */
  ids(name: string, key: string): number[] {
    const m = this.lookup.get(name);
    if (m) return [...(m.get(key) ?? [])];
    const id = this.uniqueId(name, key);
    return id === undefined ? [] : [id];
  }
}

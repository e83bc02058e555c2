/**
 * A small collection kept in one document: `{ next_id, rows }`. For collections that stay small on a desktop
 * (users, tokens, login sources, repositories, hooks). Growing ones use PartitionedCollection instead.
 * Every function returns copies, so callers never edit the stored document by accident.
 */
import type { Store } from './index.ts';

interface TableDoc<R> {
  next_id: number;
  rows: Record<string, R>;
}

const copy = <T>(v: T): T => structuredClone(v);

export class Table<R extends { id: number }> {
  private readonly name: string;

  constructor(name: string) {
    this.name = name;
  }

  private doc(store: Store) {
    return store.engine.doc<TableDoc<R>>(this.name, () => ({ next_id: 1, rows: {} }));
  }

  /** The row with this id, or undefined. */
  async get(store: Store, id: number): Promise<R | undefined> {
    const r = (await this.doc(store)).data.rows[String(id)];
    return r ? copy(r) : undefined;
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

  /** How many rows match. */
  async count(store: Store, where: (r: R) => boolean = () => true): Promise<number> {
    return Object.values((await this.doc(store)).data.rows).filter(where).length;
  }

  /** Stores a new row built with the next id; resolves once it is on disk. */
  async insert(store: Store, make: (id: number) => R): Promise<R> {
    const d = await this.doc(store);
    const id = d.data.next_id++;
    const row = make(id);
    d.data.rows[String(id)] = row;
    await d.save();
    return copy(row);
  }

  /** Applies `mutate` to the stored row and saves; undefined when the id is unknown. */
  async update(store: Store, id: number, mutate: (r: R) => void): Promise<R | undefined> {
    const d = await this.doc(store);
    const row = d.data.rows[String(id)];
    if (!row) return undefined;
    mutate(row);
    await d.save();
    return copy(row);
  }

  /** Deletes the rows matching `where`; returns how many went. */
  async removeWhere(store: Store, where: (r: R) => boolean): Promise<number> {
    const d = await this.doc(store);
    let n = 0;
    for (const [k, r] of Object.entries(d.data.rows)) {
      if (where(r)) {
        delete d.data.rows[k];
        n += 1;
      }
    }
    if (n) await d.save();
    return n;
  }

  /** Deletes one row. */
  async remove(store: Store, id: number): Promise<void> {
    await this.removeWhere(store, (r) => r.id === id);
  }
}

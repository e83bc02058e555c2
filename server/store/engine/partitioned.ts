/**
 * A growing collection split into fixed id ranges, one JSON document per range, so that writing one record
 * rewrites at most `size` records however many are stored (ARCHITECTURE decision 4).
 * The newest partition carries `next_id`, so ids are never reused after deletes.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { JsonDoc, StoreEngine } from './engine.ts';
import { cloneRecord } from './clone.ts';

interface Partition<R> {
  next_id: number;
  records: Record<string, R>;
}

export class PartitionedCollection<R extends { id: number }> {
  private readonly engine: StoreEngine;
  private readonly dir: string;
  private readonly size: number;
  private nextId = 0;
  private highest = 0;
  private opened: Promise<void> | null = null;

  constructor(engine: StoreEngine, dir: string, size = 500) {
    this.engine = engine;
    this.dir = dir;
    this.size = size;
  }

  private partitionName(n: number): string { return `${this.dir}/${n}`; }

  private part(n: number): Promise<JsonDoc<Partition<R>>> {
    return this.engine.doc<Partition<R>>(this.partitionName(n), () => ({ next_id: 0, records: {} }));
  }

  /** Numbers of the partitions on disk, ascending. */
  async partitions(): Promise<number[]> {
    try {
      const names = await readdir(path.join(this.engine.root, this.dir));
      return names.filter((n) => /^\d+\.json$/.test(n)).map((n) => Number.parseInt(n, 10)).sort((a, b) => a - b);
    } catch {
      return [];
    }
  }

  private open(): Promise<void> {
    this.opened ??= (async () => {
      const parts = await this.partitions();
      const last = parts.at(-1);
      if (last === undefined) {
        this.nextId = 1;
        return;
      }
      const doc = await this.part(last);
      const ids = Object.keys(doc.data.records).map(Number);
      this.nextId = Math.max(doc.data.next_id, ...ids.map((i) => i + 1), last * this.size, 1);
      this.highest = last;
    })();
    return this.opened;
  }

  /** Stores a new record with the next id; resolves when it is on disk. */
  async insert(make: (id: number) => R): Promise<R> {
    await this.open();
    const id = this.nextId++;
    const n = Math.floor(id / this.size);
    const doc = await this.part(n);
    const record = make(id);
    doc.data.records[String(id)] = record;
    doc.data.next_id = Math.max(doc.data.next_id, id + 1);
    this.highest = Math.max(this.highest, n);
    await doc.save();
    return cloneRecord(record);
  }

  /** A copy of the record, or undefined. */
  async get(id: number): Promise<R | undefined> {
    if (!Number.isSafeInteger(id) || id < 0) return undefined;
    const n = Math.floor(id / this.size);
    if (!(await this.engine.exists(this.partitionName(n)))) return undefined;
    const rec = (await this.part(n)).data.records[String(id)];
    return rec ? cloneRecord(rec) : undefined;
  }

  /** Changes a record in place (the callback mutates it); returns the new copy or undefined when absent. */
  async update(id: number, mutate: (r: R) => void): Promise<R | undefined> {
    const n = Math.floor(id / this.size);
    if (!(await this.engine.exists(this.partitionName(n)))) return undefined;
    const doc = await this.part(n);
    const rec = doc.data.records[String(id)];
    if (!rec) return undefined;
    mutate(rec);
    await doc.save();
    return cloneRecord(rec);
  }

  /** Deletes records for which `drop` is true, one partition at a time; returns how many went. */
  async deleteWhere(drop: (r: R) => boolean): Promise<number> {
    let count = 0;
    for (const n of await this.partitions()) {
      const doc = await this.part(n);
      let changed = false;
      for (const [key, rec] of Object.entries(doc.data.records)) {
        if (drop(rec)) {
          delete doc.data.records[key];
          changed = true;
          count += 1;
        }
      }
      if (changed) await doc.save();
    }
    return count;
  }

  /** Pages through records, oldest partition first (or newest first), without loading everything at once. */
  async *scan(order: 'asc' | 'desc' = 'asc'): AsyncGenerator<R[]> {
    const parts = await this.partitions();
    if (order === 'desc') parts.reverse();
    for (const n of parts) {
      const recs = Object.values((await this.part(n)).data.records);
      recs.sort((a, b) => (order === 'asc' ? a.id - b.id : b.id - a.id));
      if (recs.length) yield recs.map((r) => cloneRecord(r));
    }
  }
}

/**
 * Full feed rows kept for the pages that read them most: the newest rows written and the rows pages read last, the
 * least recently used dropped past a byte budget. Without it a page re-reads its rows' partitions whenever they have
 * left the collection's cache, and a partition of 2,000 push rows (about 1.8 MB) is larger than that cache alone.
 */
import { cloneRecord } from './engine/clone.ts';

interface Held<R> {
  row: R;
  bytes: number;
}

export class RecentRows<R extends { id: number }> {
  private readonly rows = new Map<number, Held<R>>();
  private held = 0;
  private readonly budget: number;
  private readonly sizeOf: (r: R) => number;

  /** `budget` bounds the sum of `sizeOf` (an estimate of a row's bytes in memory) over the rows held. */
  constructor(budget: number, sizeOf: (r: R) => number) {
    this.budget = budget;
    this.sizeOf = sizeOf;
  }

  /** How many rows are held, and their estimated bytes. */
  get size(): { rows: number; bytes: number } {
    return { rows: this.rows.size, bytes: this.held };
  }

  /** A copy of the held row with this id (now the most recently used), or undefined. */
  get(id: number): R | undefined {
    const h = this.rows.get(id);
    if (!h) return undefined;
    this.rows.delete(id);
    this.rows.set(id, h);
    return cloneRecord(h.row);
  }

  /** Holds a copy of the row as the most recently used, dropping the least recently used ones past the budget. */
  put(row: Readonly<R>): void {
    this.delete([row.id]);
    const bytes = this.sizeOf(row);
    if (bytes > this.budget) return;
    this.rows.set(row.id, { row: cloneRecord(row) as R, bytes });
    this.held += bytes;
    for (const [id, h] of this.rows) {
      if (this.held <= this.budget) break;
      this.rows.delete(id);
      this.held -= h.bytes;
    }
  }

  /** Forgets the rows with these ids. */
  delete(ids: Iterable<number>): void {
    for (const id of ids) {
      const h = this.rows.get(id);
      if (!h) continue;
      this.rows.delete(id);
      this.held -= h.bytes;
    }
  }

  /** Forgets every row (the host went idle, or memory may be ahead of the disk after a failed write). */
  dropCached(): void {
    this.rows.clear();
    this.held = 0;
  }
}

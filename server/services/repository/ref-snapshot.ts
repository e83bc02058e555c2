/**
 * The refs of a repository as requests see them: a sorted list read from git (`base`) and the changes this host
 * has made since (`overlay`, by name). A write adds to the overlay instead of copying the list: with thousands
 * of branches, a copy per API write was a tenth of the host's CPU and most of its garbage at 32 clients. The
 * overlay is merged into a new list once it holds about √n changes, or when someone asks for the whole list.
 * A snapshot never changes once made; requests share it until the next write.
 */
import type { RefEntry } from '../../git/read.ts';
import { lowerBound, mergeChanges, type RefChange } from './sorted-refs.ts';

/** Exact-name lookups on a snapshot. */
export interface RefLookup {
  get(name: string): RefEntry | undefined;
  has(name: string): boolean;
}

const NO_CHANGES: ReadonlyMap<string, RefEntry | null> = new Map();

export class RefSnapshot {
  /** What HEAD points at (refs/heads/x), or null. */
  readonly head: string | null;
  /** How many refs there are. */
  readonly size: number;
  readonly byName: RefLookup = { get: (name) => this.get(name), has: (name) => this.get(name) !== undefined };
  private readonly base: readonly RefEntry[];
  private readonly overlay: ReadonlyMap<string, RefEntry | null>;
  private merged: readonly RefEntry[] | null;

  private constructor(base: readonly RefEntry[], overlay: ReadonlyMap<string, RefEntry | null>, head: string | null, size: number) {
    this.base = base;
    this.overlay = overlay;
    this.head = head;
    this.size = size;
    this.merged = overlay.size === 0 ? base : null;
  }

  /** A snapshot of `sorted` (sorted by name, as `sortByName` leaves it). */
  static of(sorted: readonly RefEntry[], head: string | null): RefSnapshot {
    return new RefSnapshot(sorted, NO_CHANGES, head, sorted.length);
  }

  /** Every ref, sorted by name (merged once per snapshot, on first use). */
  get refs(): readonly RefEntry[] {
    this.merged ??= mergeChanges(this.base, this.changes());
    return this.merged;
  }

  /** The ref of that exact name, or undefined. */
  get(name: string): RefEntry | undefined {
    const changed = this.overlay.get(name);
    if (changed !== undefined) return changed ?? undefined;
    const r = this.base[lowerBound(this.base, name)];
    return r?.name === name ? r : undefined;
  }

  /** A snapshot with `changes` applied (the input is returned when none changes anything). */
  patched(changes: readonly RefChange[]): RefSnapshot {
    if (changes.every((c) => (this.get(c.name) ?? null) === c.entry)) return this;
    // a snapshot whose list was merged already starts the next overlay from that list
    const base = this.merged ?? this.base;
    const overlay = new Map(this.merged ? NO_CHANGES : this.overlay);
    let size = this.size;
    for (const c of changes) {
      const had = (overlay.has(c.name) ? overlay.get(c.name) : base[lowerBound(base, c.name)]?.name === c.name) ? 1 : 0;
      overlay.set(c.name, c.entry);
      size += (c.entry ? 1 : 0) - had;
    }
    if (overlay.size * overlay.size > base.length) return new RefSnapshot(mergeChanges(base, changesOf(overlay)), NO_CHANGES, this.head, size);
    return new RefSnapshot(base, overlay, this.head, size);
  }

  /** The same refs with HEAD pointing at `head`. */
  withHead(head: string | null): RefSnapshot {
    const s = new RefSnapshot(this.base, this.overlay, head, this.size);
    s.merged = this.merged;
    return s;
  }

  /** True when some ref's name starts with `prefix`. */
  hasRefUnder(prefix: string): boolean {
    return this.firstUnder(prefix) !== undefined;
  }

  /**
   * The name (without `dir`) of a ref under `dir` that nests with `name` (`a` against `a/b`: git cannot have both), the
   * first a scan of the sorted list would meet: the shortest existing parent, else the first ref below `name/`.
   */
  nestedRefName(dir: string, name: string): string | undefined {
    const parts = name.split('/');
    for (let i = 1; i < parts.length; i++) {
      const parent = dir + parts.slice(0, i).join('/');
      if (this.get(parent)) return parent.slice(dir.length);
    }
    return this.firstUnder(`${dir}${name}/`)?.slice(dir.length);
  }

  /** The first name (in sorted order) of a ref starting with `prefix`. */
  private firstUnder(prefix: string): string | undefined {
    let first: string | undefined;
    this.overlay.forEach((entry, name) => {
      if (entry && name.startsWith(prefix) && (first === undefined || name < first)) first = name;
    });
    for (let i = lowerBound(this.base, prefix); i < this.base.length; i++) {
      const name = this.base[i]!.name;
      if (!name.startsWith(prefix) || (first !== undefined && name > first)) break;
      if (this.overlay.get(name) !== null) return name; // not deleted since (a replaced ref still exists)
    }
    return first;
  }

  private changes(): RefChange[] {
    return changesOf(this.overlay);
  }
}

const changesOf = (overlay: ReadonlyMap<string, RefEntry | null>): RefChange[] => [...overlay].map(([name, entry]) => ({ name, entry }));

/**
 * The refs of a repository as requests see them: a sorted list read from git (`base`) and the changes this host
 * has made since (an overlay of changes by name). A write adds to the overlay instead of copying the list: with
 * thousands of branches, a copy per API write was a tenth of the host's CPU and most of its garbage at 32
 * clients. Snapshots made one after another share one overlay; each change carries the version that made it, and
 * a snapshot sees the changes up to its own version, so a snapshot never changes once made and a write copies
 * nothing. The overlay is merged into a new list once about √n names have changed, or when a request asks for the
 * whole list.
 */
import type { RefEntry } from '../../git/read.ts';
import { lowerBound, mergeChanges, type RefChange } from './sorted-refs.ts';

/** Exact-name lookups on a snapshot. */
export interface RefLookup {
  get(name: string): RefEntry | undefined;
  has(name: string): boolean;
}

/** The changes made on top of one base list: per name, each value it took and the version that set it. */
class Overlay {
  readonly byName = new Map<string, { version: number; entry: RefEntry | null }[]>();
  /** The newest version written. */
  version = 0;

  /** The value of `name` at `version`: undefined when it had not changed by then (the base holds it). */
  at(name: string, version: number): RefEntry | null | undefined {
    const steps = this.byName.get(name);
    if (!steps) return undefined;
    for (let i = steps.length - 1; i >= 0; i--) if (steps[i]!.version <= version) return steps[i]!.entry;
    return undefined;
  }

  /** The changes visible at `version`, one per name. */
  changesAt(version: number): RefChange[] {
    const out: RefChange[] = [];
    for (const name of this.byName.keys()) {
      const entry = this.at(name, version);
      if (entry !== undefined) out.push({ name, entry });
    }
    return out;
  }
}

export class RefSnapshot {
  /** What HEAD points at (refs/heads/x), or null. */
  readonly head: string | null;
  /** How many refs there are. */
  readonly size: number;
  readonly byName: RefLookup = { get: (name) => this.get(name), has: (name) => this.get(name) !== undefined };
  private readonly base: readonly RefEntry[];
  private readonly overlay: Overlay;
  private readonly version: number;
  private merged: readonly RefEntry[] | null;

  private constructor(base: readonly RefEntry[], overlay: Overlay, version: number, head: string | null, size: number) {
    this.base = base;
    this.overlay = overlay;
    this.version = version;
    this.head = head;
    this.size = size;
    this.merged = version === 0 ? base : null;
  }

  /** A snapshot of `sorted` (sorted by name, as `sortByName` leaves it). */
  static of(sorted: readonly RefEntry[], head: string | null): RefSnapshot {
    return new RefSnapshot(sorted, new Overlay(), 0, head, sorted.length);
  }

  /** Every ref, sorted by name (merged once per snapshot, on first use). */
  get refs(): readonly RefEntry[] {
    this.merged ??= mergeChanges(this.base, this.overlay.changesAt(this.version));
    return this.merged;
  }

  /** The ref of that exact name, or undefined. */
  get(name: string): RefEntry | undefined {
    const changed = this.overlay.at(name, this.version);
    if (changed !== undefined) return changed ?? undefined;
    return this.inBase(name);
  }

  /** A snapshot with `changes` applied (the input is returned when none changes anything). */
  patched(changes: readonly RefChange[]): RefSnapshot {
    if (changes.every((c) => (this.get(c.name) ?? null) === c.entry)) return this;
    let size = this.size;
    const sizes = new Map<string, boolean>();
    for (const c of changes) {
      const had = sizes.get(c.name) ?? this.get(c.name) !== undefined;
      size += (c.entry ? 1 : 0) - (had ? 1 : 0);
      sizes.set(c.name, c.entry !== null);
    }
    // Only the newest snapshot of an overlay writes on: an older one (never patched by the cache) starts a new base.
    if (this.version !== this.overlay.version) {
      return new RefSnapshot(mergeChanges(this.refs, changes), new Overlay(), 0, this.head, size);
    }
    const overlay = this.overlay;
    const version = overlay.version + 1;
    for (const c of changes) {
      const steps = overlay.byName.get(c.name);
      if (steps) steps.push({ version, entry: c.entry });
      else overlay.byName.set(c.name, [{ version, entry: c.entry }]);
    }
    overlay.version = version;
    if (overlay.byName.size * overlay.byName.size > this.base.length) {
      return new RefSnapshot(mergeChanges(this.base, overlay.changesAt(version)), new Overlay(), 0, this.head, size);
    }
    return new RefSnapshot(this.base, overlay, version, this.head, size);
  }

  /** The same refs with HEAD pointing at `head`. */
  withHead(head: string | null): RefSnapshot {
    const s = new RefSnapshot(this.base, this.overlay, this.version, head, this.size);
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

  private inBase(name: string): RefEntry | undefined {
    const r = this.base[lowerBound(this.base, name)];
    return r?.name === name ? r : undefined;
  }

  /** The first name (in sorted order) of a ref starting with `prefix`. */
  private firstUnder(prefix: string): string | undefined {
    let first: string | undefined;
    for (const name of this.overlay.byName.keys()) {
      if (name.startsWith(prefix) && (first === undefined || name < first) && this.overlay.at(name, this.version)) first = name;
    }
    for (let i = lowerBound(this.base, prefix); i < this.base.length; i++) {
      const name = this.base[i]!.name;
      if (!name.startsWith(prefix) || (first !== undefined && name > first)) break;
      if (this.overlay.at(name, this.version) !== null) return name; // not deleted since (a replaced ref still exists)
    }
    return first;
  }
}

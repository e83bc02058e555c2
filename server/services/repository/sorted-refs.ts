/**
 * A ref snapshot's list is kept sorted by name (code-unit order, as `for-each-ref` gives it). These helpers patch
 * and search it in place of sorting or scanning every ref, which a write to a repository with thousands of
 * branches would otherwise pay on every request.
 */
import type { RefEntry } from '../../git/read.ts';

/** Sorts refs by name in place in the order the helpers below search (git's byte order differs past U+FFFF). */
export function sortByName(refs: RefEntry[]): RefEntry[] {
  return refs.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The first index whose name is not below `name` (the list is sorted by name). */
export function lowerBound(refs: readonly RefEntry[], name: string): number {
  let lo = 0;
  let hi = refs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (refs[mid]!.name < name) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Above this many changes, a patch is one merge pass over the list rather than a copy per change. */
const MERGE_FROM = 8;

/**
 * A sorted copy of `refs` with `entry` set (inserted or replaced) or, for a name with `null`, removed (the input is
 * returned when nothing changed). Each change makes one copy with the change in place (`toSpliced`, `with`): a
 * copy followed by `splice` into a list of thousands of refs cost a quarter of a millisecond per write, most of an
 * API ref write's snapshot update.
 */
export function patchSorted(refs: readonly RefEntry[], changes: { name: string; entry: RefEntry | null }[]): readonly RefEntry[] {
  if (changes.length > MERGE_FROM) return mergeSorted(refs, changes);
  let out = refs;
  for (const c of changes) {
    const at = lowerBound(out, c.name);
    const here = out[at]?.name === c.name;
    if (c.entry === null) {
      if (here) out = out.toSpliced(at, 1);
    } else out = here ? out.with(at, c.entry) : out.toSpliced(at, 0, c.entry);
  }
  return out;
}

/** patchSorted for many changes: the changes sorted (the last of a name wins), then one pass over both lists. */
function mergeSorted(refs: readonly RefEntry[], changes: { name: string; entry: RefEntry | null }[]): RefEntry[] {
  const last = new Map(changes.map((c) => [c.name, c.entry]));
  const names = [...last.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const out: RefEntry[] = [];
  let i = 0;
  for (const name of names) {
    while (i < refs.length && refs[i]!.name < name) out.push(refs[i++]!);
    if (refs[i]?.name === name) i++;
    const entry = last.get(name);
    if (entry) out.push(entry);
  }
  while (i < refs.length) out.push(refs[i++]!);
  return out;
}

/** True when some ref's name starts with `prefix`. */
export function hasRefUnder(refs: readonly RefEntry[], prefix: string): boolean {
  return refs[lowerBound(refs, prefix)]?.name.startsWith(prefix) === true;
}

/**
 * The name (without `dir`) of a ref under `dir` that nests with `name` (`a` against `a/b`: git cannot have both), the
 * first a scan of the sorted list would meet: the shortest existing parent, else the first ref below `name/`.
 */
export function nestedRefName(refs: readonly RefEntry[], dir: string, name: string): string | undefined {
  const parts = name.split('/');
  for (let i = 1; i < parts.length; i++) {
    const parent = dir + parts.slice(0, i).join('/');
    if (refs[lowerBound(refs, parent)]?.name === parent) return parent.slice(dir.length);
  }
  const under = refs[lowerBound(refs, `${dir}${name}/`)];
  return under?.name.startsWith(`${dir}${name}/`) ? under.name.slice(dir.length) : undefined;
}

/** Lookup by full ref name over a sorted list (a binary search): a patched snapshot copies no map. */
export class RefLookup {
  constructor(private readonly refs: readonly RefEntry[]) {}

  /** The ref of that exact name, or undefined. */
  get(name: string): RefEntry | undefined {
    const r = this.refs[lowerBound(this.refs, name)];
    return r?.name === name ? r : undefined;
  }

  /** True when a ref of that exact name exists. */
  has(name: string): boolean {
    return this.get(name) !== undefined;
  }
}

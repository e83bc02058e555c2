/**
 * A ref snapshot's list is kept sorted by name (code-unit order, as `for-each-ref` gives it). These helpers merge
 * changes into it and search it in place of sorting or scanning every ref.
 */
import type { RefEntry } from '../../git/read.ts';

/** One ref set (inserted or replaced) or, with `null`, removed. */
export interface RefChange {
  name: string;
  entry: RefEntry | null;
}

const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Sorts refs by name in place in the order the helpers below search (git's byte order differs past U+FFFF). */
export function sortByName(refs: RefEntry[]): RefEntry[] {
  return refs.sort((a, b) => byName(a.name, b.name));
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

/** A new sorted list: `refs` with `changes` applied (the last change of a name wins), in one pass over both. */
export function mergeChanges(refs: readonly RefEntry[], changes: Iterable<RefChange>): RefEntry[] {
  const last = new Map<string, RefEntry | null>();
  for (const c of changes) last.set(c.name, c.entry);
  const names = [...last.keys()].sort(byName);
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

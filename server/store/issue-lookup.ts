/**
 * One repository's issue rows in memory, for lists: the filter row of each issue, lookup indexes by label and by
 * poster, and the rows in each order asked for so far, kept sorted through writes (a binary-searched splice, no
 * re-sort). A list with a label, poster or text filter starts from the smallest matching set of issues.
 */
import { filtersBeyondIndexes, matches, SORTS, type IssueKey, type IssueQuery, type IssueSort } from './issue-records.ts';
import type { DocSet } from './engine/text-index.ts';

/** Below this share of the repository, the candidates are sorted themselves instead of walking a whole order. */
const SMALL_SHARE = 16;
/** An issue's state and kind in one byte, for counting a large set of candidates without reading their rows. */
const PRESENT = 1;
const CLOSED = 2;
const PULL = 4;
const flagOf = (k: IssueKey): number => PRESENT | (k.is_closed ? CLOSED : 0) | (k.is_pull ? PULL : 0);
/** The state flags are kept by index while the indexes stay this dense; a farther index is read from its row. */
const DENSE_SLACK = 1024;

function addTo(m: Map<number, Set<number>>, key: number, index: number): void {
  let s = m.get(key);
  if (!s) m.set(key, (s = new Set()));
  s.add(index);
}

function takeFrom(m: Map<number, Set<number>>, key: number, index: number): void {
  const s = m.get(key);
  if (s?.delete(index) && s.size === 0) m.delete(key);
}

/** Where `k` goes in `arr` sorted by `cmp` (every comparator breaks ties by index, so positions are exact). */
function position(arr: IssueKey[], cmp: (a: IssueKey, b: IssueKey) => number, k: IssueKey): number {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cmp(arr[mid]!, k) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class IssueLookup {
  readonly keys = new Map<number, IssueKey>();
  private readonly byLabel = new Map<number, Set<number>>();
  private readonly byPoster = new Map<number, Set<number>>();
  private readonly sorted = new Map<IssueSort, IssueKey[]>();
  /** flagOf() of each issue by index (0: none); indexes at or past its length are looked up in `keys`. */
  private flags = new Uint8Array(0);

  /** Puts an issue's row in (`next`), takes it out (null), or replaces it. */
  set(index: number, next: IssueKey | null): void {
    const prev = this.keys.get(index);
    if (prev) {
      for (const l of prev.label_ids) takeFrom(this.byLabel, l, index);
      takeFrom(this.byPoster, prev.poster_id, index);
      this.keys.delete(index);
    }
    if (next) {
      for (const l of next.label_ids) addTo(this.byLabel, l, index);
      addTo(this.byPoster, next.poster_id, index);
      this.keys.set(index, next);
    }
    this.setFlag(index, next);
    for (const [sort, arr] of this.sorted) {
      const cmp = SORTS[sort];
      if (prev) {
        const at = position(arr, cmp, prev);
        if (arr[at]?.index === index) arr.splice(at, 1);
      }
      if (next) arr.splice(position(arr, cmp, next), 0, next);
    }
  }

  private setFlag(index: number, next: IssueKey | null): void {
    if (index < this.flags.length) {
      this.flags[index] = next ? flagOf(next) : 0;
      return;
    }
    // Grown by doubling while the indexes are dense (an imported far index stays out: it would cost its size in bytes).
    if (!next || index > 2 * this.keys.size + DENSE_SLACK) return;
    const grown = new Uint8Array(Math.max(index + 1, 2 * this.flags.length, 256));
    grown.set(this.flags);
    for (const [i, k] of this.keys) if (i >= this.flags.length && i < grown.length) grown[i] = flagOf(k);
    this.flags = grown;
  }

  /** How many of `only` are stored issues of the state and kind of `q` (a walk over `only`, no row read). */
  private countIn(only: DocSet, q: IssueQuery): number {
    const state = q.state ?? 'open';
    const mask = PRESENT | (state === 'all' ? 0 : CLOSED) | (q.isPull === undefined ? 0 : PULL);
    const want = PRESENT | (state === 'closed' ? CLOSED : 0) | (q.isPull ? PULL : 0);
    const flags = this.flags;
    let n = 0;
    for (const i of only.keys()) if (((i < flags.length ? flags[i]! : this.flagAt(i)) & mask) === want) n += 1;
    return n;
  }

  private flagAt(index: number): number {
    const k = this.keys.get(index);
    return k ? flagOf(k) : 0;
  }

  /** The rows in the order `sort` (built once, then kept through writes). */
  ordered(sort: IssueSort): IssueKey[] {
    let arr = this.sorted.get(sort);
    if (!arr) this.sorted.set(sort, (arr = [...this.keys.values()].sort(SORTS[sort])));
    return arr;
  }

  /** The issues having every label of `q` and its poster (and in `text`, a search's matches), or null: no such filter. */
  private candidates(q: IssueQuery, text: DocSet | null): DocSet | null {
    const sets: DocSet[] = [];
    if (text) sets.push(text);
    for (const l of q.labelIds ?? []) sets.push(this.byLabel.get(l) ?? new Set());
    if (q.posterId !== undefined) sets.push(this.byPoster.get(q.posterId) ?? new Set());
    if (!sets.length) return null;
    sets.sort((a, b) => a.size - b.size);
    const [first, ...rest] = sets;
    if (!rest.length) return first!;
    const out = new Set<number>();
    for (const i of first!.keys()) if (rest.every((s) => s.has(i))) out.add(i);
    return out;
  }

  /**
   * One page of the rows matching `q` (and, when given, within `text`), and the total. `known`: the total when the
   * counters already give it (state and kind filters only), so the walk stops at the page's end; with a label, poster
   * or text filter and no other but state and kind, the total is counted from the candidates and the walk stops too.
   */
  page(q: IssueQuery, text: DocSet | null, known: number | null): { keys: IssueKey[]; total: number } {
    const keep = matches(q);
    const limit = q.limit && q.limit > 0 ? q.limit : Infinity;
    const start = (Math.max(1, q.page ?? 1) - 1) * (Number.isFinite(limit) ? limit : 0);
    const sort = q.sort ?? 'newest';
    const only = this.candidates(q, text);
    if (only && only.size * SMALL_SHARE < this.keys.size) {
      const hits = [...only.keys()].flatMap((i) => this.keys.get(i) ?? []).filter(keep).sort(SORTS[sort]);
      return { keys: hits.slice(start, start + limit), total: hits.length };
    }
    // The candidates already hold only the issues of the query's labels and poster: with no other filter but state and
    // kind, counting them gives the total, and the walk of the order stops at the page's end.
    known ??= only && !filtersBeyondIndexes(q) ? this.countIn(only, q) : null;
    const page: IssueKey[] = [];
    let total = 0;
    for (const k of this.ordered(sort)) {
      if (only && !only.has(k.index)) continue;
      if (!keep(k)) continue;
      if (total >= start && page.length < limit) page.push(k);
      total += 1;
      if (known !== null && page.length >= limit) break;
    }
    return { keys: page, total: known ?? total };
  }
}

/** GET /repos/search's filters and sort orders over repository records (no store access). */
import type { RepoRecord } from '../../store/records.ts';

export interface RepoSearch {
  q?: string | undefined;
  /** `q` names topics (comma-separated), matched exactly, instead of being looked for in names and topics. */
  topic?: boolean | undefined;
  includeDesc?: boolean | undefined;
  uid?: number | undefined;
  priority_owner_id?: number | undefined;
  private?: boolean | undefined;
  is_private?: boolean | undefined;
  template?: boolean | undefined;
  archived?: boolean | undefined;
  mode?: string | undefined;
  exclusive?: boolean | undefined;
  sort?: string | undefined;
  order?: string | undefined;
  /** A public-only token sees public repositories only. */
  publicOnly?: boolean | undefined;
}

// localeCompare() without arguments compares as a default Intl.Collator does, but looks one up on every call.
// Made on the first sort, not at load: a collator reads ICU's collation data, about 2.7 MiB of resident pages.
let collator: Intl.Collator | undefined;
const collate = (a: string, b: string): number => (collator ??= new Intl.Collator()).compare(a, b);

/**
 * The ascending orders by `sort` name, each ending on the id, so no two rows tie and "desc" is the exact reverse.
 * The store keeps each order between searches under its name.
 */
export const SORTS: Record<string, (a: RepoRecord, b: RepoRecord) => number> = {
  alpha: (a, b) => collate(a.lower_name, b.lower_name) || a.id - b.id,
  created: (a, b) => collate(a.created, b.created) || a.id - b.id,
  updated: (a, b) => collate(a.updated, b.updated) || a.id - b.id,
  size: (a, b) => a.size_kb - b.size_kb || a.id - b.id,
  git_size: (a, b) => a.size_kb - b.size_kb || a.id - b.id,
  lfs_size: (a, b) => a.id - b.id,
  id: (a, b) => a.id - b.id,
  // the id order that searchRepositories then sorts by star count (counts live in the stars table, not the record)
  stars: (a, b) => a.id - b.id,
  forks: (a, b) => a.id - b.id,
};

/**
 * Gitea's keyword rule: with `topic`, one of the comma-separated names in `q` is a topic of the repository; otherwise
 * the name, a topic or (with `includeDesc`) the description contains `q`. Null when there is no keyword.
 */
function keywordMatcher(o: RepoSearch): ((r: Readonly<RepoRecord>) => boolean) | null {
  const q = o.q?.toLowerCase() ?? '';
  if (!q) return null;
  if (o.topic) {
    const names = new Set(q.split(','));
    return (r) => !!r.topics?.some((t) => names.has(t));
  }
  return (r) => r.lower_name.includes(q) || !!r.topics?.some((t) => t.includes(q)) || (!!o.includeDesc && r.description.toLowerCase().includes(q));
}

/**
 * Gitea's reading of `uid`: the repositories the user owns or collaborates on; `exclusive` keeps only those owned,
 * `mode=collaborative` only those collaborated on. `collaborations` holds the ids of the latter. Null when no filter
 * is set (every repository matches), so a search walks the rows without a call per row.
 */
export function matcher(o: RepoSearch, collaborations: Set<number>): ((r: Readonly<RepoRecord>) => boolean) | null {
  const keyword = keywordMatcher(o);
  const byUser = o.uid !== undefined && o.uid !== 0;
  const publicOnly = o.private === false || !!o.publicOnly;
  const mode = o.mode === 'fork' || o.mode === 'source' || o.mode === 'mirror' || o.mode === 'collaborative' ? o.mode : undefined;
  if (!keyword && !byUser && !publicOnly && o.is_private === undefined && o.template !== false && o.archived === undefined && !mode) return null;
  return (r) => {
    if (keyword && !keyword(r)) return false;
    if (byUser && r.owner_id !== o.uid && (o.exclusive || !collaborations.has(r.id))) return false;
    if (publicOnly && r.is_private) return false;
    if (o.is_private !== undefined && r.is_private !== o.is_private) return false;
    if (o.template === false && r.is_template) return false;
    if (o.archived !== undefined && r.is_archived !== o.archived) return false;
    if (mode === 'fork' && !r.is_fork) return false;
    if (mode === 'source' && (r.is_fork || r.is_mirror)) return false;
    if (mode === 'mirror' && !r.is_mirror) return false;
    if (mode === 'collaborative' && r.owner_id === o.uid) return false;
    return true;
  };
}

/**
 * The rows of `rows` that `match` accepts, one per call (undefined at the end), walked from the end when `reverse`:
 * the priority owner's first, each part keeping its order (a stable partition, as two walks over the same array).
 * Nothing is copied, so a search pays one pass over the rows it counts.
 */
export function orderedWalk<K extends { owner_id: number }>(
  rows: readonly K[], reverse: boolean, match: ((r: K) => boolean) | null, prio?: number,
): () => K | undefined {
  const n = rows.length;
  // pass 0 walks the priority owner's rows, pass 1 the others (all rows without a priority owner)
  let pass = prio ? 0 : 1;
  let i = 0;
  return () => {
    for (;;) {
      if (i >= n) {
        if (pass === 1) return undefined;
        pass = 1;
        i = 0;
      }
      const r = rows[reverse ? n - 1 - i : i]!;
      i += 1;
      if (prio && (r.owner_id === prio) !== (pass === 0)) continue;
      if (!match || match(r)) return r;
    }
  };
}

/**
 * Issues and pull requests, stored per repository so that one repository's list never reads another's:
 * `issues/<repo>/<n>.log` append-only partitions of 200 issues by index (engine/log-collection.ts), whose id
 * counter is the repository's resource index (issues and pull requests share it, never reused), and
 * `issues/<repo>/counters.json` with the open and closed counts kept as numbers. A repository's filter and sort
 * rows are built in memory on its first query and kept in step with each write (issue-lookup.ts: label and poster
 * indexes, sorted orders); only the requested page is read in full. Cross-repository lookups (poster, assignee,
 * mentioned) use an append-only log of user links, and text search a token index per repository (issue-text.ts).
 */
import path from 'node:path';
import { rm } from 'node:fs/promises';
import type { Store } from './index.ts';
import { LogCollection } from './engine/log-collection.ts';
import { countersOf, keyOf, SORTS, type IssueCounters, type IssueKey, type IssueQuery, type IssueRecord } from './issue-records.ts';
import { IssueLookup } from './issue-lookup.ts';
import { dropRepoText, dropText, issueText, noteText, textIndexOf } from './issue-text.ts';
import { plainTextsOfRepo } from './issue-comments.ts';
import { UserLinks, type UserRole } from './issue-links.ts';
import type { Page } from './engine/query.ts';

export type { IssueRecord, IssueQuery, IssueCounters, IssueSort } from './issue-records.ts';

/** The stored row: keyed by the per-repository index; `gid` is the global id. */
type Row = Omit<IssueRecord, 'id' | 'index'> & { id: number; gid: number };

const PARTITION = 200;
const ID_BLOCK = 1000;
/** Repositories whose filter rows and text index stay in memory. */
const MAX_REPOS_IN_MEMORY = 32;

interface State {
  colls: Map<number, LogCollection<Row>>;
  repos: Map<number, Promise<IssueLookup>>;
  ids: { next: number; reserved: number } | null;
  idLock: Promise<unknown>;
  links: UserLinks;
}

const states = new WeakMap<Store, State>();

function stateOf(store: Store): State {
  let s = states.get(store);
  if (!s) {
    s = { colls: new Map(), repos: new Map(), ids: null, idLock: Promise.resolve(), links: new UserLinks(path.join(store.engine.root, 'issues', 'users.log')) };
    states.set(store, s);
  }
  return s;
}

function collOf(store: Store, repoId: number): LogCollection<Row> {
  const s = stateOf(store);
  let c = s.colls.get(repoId);
  if (!c) s.colls.set(repoId, (c = store.engine.adopt(new LogCollection<Row>(path.join(store.engine.root, 'issues', String(repoId)), PARTITION))));
  return c;
}

const toRecord = (r: Row, repoId: number): IssueRecord => {
  const { gid, id, ...rest } = structuredClone(r);
  return { ...rest, id: gid, index: id, repo_id: repoId };
};

/** Global ids come in blocks reserved durably, so an insert writes the id document once per 1,000 issues. */
async function nextGlobalId(store: Store): Promise<number> {
  const s = stateOf(store);
  const run = s.idLock.then(async () => {
    const doc = await store.engine.doc<{ next_id: number }>('issues/ids', () => ({ next_id: 1 }));
    s.ids ??= { next: doc.data.next_id, reserved: doc.data.next_id };
    if (s.ids.next >= s.ids.reserved) {
      doc.data.next_id = s.ids.reserved = s.ids.next + ID_BLOCK;
      await doc.save();
    }
    return s.ids.next++;
  });
  s.idLock = run.catch(() => undefined);
  return run;
}

const noCounters = (): IssueCounters => ({ open_issues: 0, closed_issues: 0, open_pulls: 0, closed_pulls: 0 });
const countersName = (repoId: number): string => `issues/${repoId}/counters`;
const countersDoc = (store: Store, repoId: number) => store.engine.doc<IssueCounters>(countersName(repoId), noCounters);

async function bump(store: Store, repoId: number, before: IssueKey | null, after: IssueKey | null): Promise<void> {
  const doc = await countersDoc(store, repoId);
  const name = (k: IssueKey): keyof IssueCounters => `${k.is_closed ? 'closed' : 'open'}_${k.is_pull ? 'pulls' : 'issues'}`;
  if (before && after && name(before) === name(after)) return;
  if (before) doc.data[name(before)] -= 1;
  if (after) doc.data[name(after)] += 1;
  await doc.save();
}

/** The repository's rows in memory (built from its own partitions only on first use). */
function repoState(store: Store, repoId: number): Promise<IssueLookup> {
  const s = stateOf(store);
  let p = s.repos.get(repoId);
  if (p) {
    s.repos.delete(repoId);
    s.repos.set(repoId, p);
    return p;
  }
  p = (async () => {
    const c = collOf(store, repoId);
    const rows = new IssueLookup();
    // Index rows straight from the stored rows (no copy of the text): the partitions are read once.
    for (const n of await c.partitions()) for (const r of await c.peekPartition(n)) rows.set(r.id, keyOf({ ...r, id: r.gid, index: r.id }));
    return rows;
  })();
  s.repos.set(repoId, p);
  p.catch(() => s.repos.delete(repoId));
  for (const k of s.repos.keys()) if (s.repos.size > MAX_REPOS_IN_MEMORY && k !== repoId) s.repos.delete(k);
  return p;
}

/** The repository's text index: built from its issues' titles and bodies and its plain comments on first use. */
function textIndex(store: Store, repoId: number) {
  return textIndexOf(store, repoId, async () => {
    const c = collOf(store, repoId);
    const parts: [number, string][] = [];
    for (const n of await c.partitions()) for (const r of await c.peekPartition(n)) parts.push([r.id, issueText(r)]);
    return [...parts, ...await plainTextsOfRepo(store, repoId)];
  });
}

function linksOf(r: IssueRecord): [number, UserRole][] {
  return [[r.poster_id, 'poster'], ...r.assignee_ids.map((u): [number, UserRole] => [u, 'assignee']), ...r.mentioned_ids.map((u): [number, UserRole] => [u, 'mentioned'])];
}

/** Stores a new issue or pull request with the repository's next index (or `at`, an import's); resolves once it is on disk. */
export async function insert(store: Store, repoId: number, make: (ids: { id: number; index: number }) => Omit<IssueRecord, 'id' | 'index' | 'repo_id'>, at?: number): Promise<IssueRecord> {
  const gid = await nextGlobalId(store);
  const c = collOf(store, repoId);
  const build = (index: number): Row => ({ ...make({ id: gid, index }), repo_id: repoId, id: index, gid });
  const row = at === undefined ? await c.insert(build) : await c.insertAt(at, build);
  const rec = toRecord(row, repoId);
  const st = await repoState(store, repoId);
  if (!st.keys.has(rec.index)) st.set(rec.index, keyOf(rec));
  noteText(store, repoId, rec.index, null, issueText(rec));
  await bump(store, repoId, null, keyOf(rec));
  await stateOf(store).links.change(repoId, rec.index, [], linksOf(rec));
  return rec;
}

/** The issue of the repository with this index, or undefined. */
export async function get(store: Store, repoId: number, index: number): Promise<IssueRecord | undefined> {
  const r = await collOf(store, repoId).get(index);
  return r ? toRecord(r, repoId) : undefined;
}

/** Changes an issue (`mutate` edits a copy); counters, links and the text index follow. */
export async function update(store: Store, repoId: number, index: number, mutate: (r: IssueRecord) => void): Promise<IssueRecord | undefined> {
  let before: IssueRecord | undefined;
  let after: IssueRecord | undefined;
  const row = await collOf(store, repoId).set(index, (r) => {
    before = toRecord(r as Row, repoId);
    after = structuredClone(before);
    mutate(after);
    const fields: Partial<Row> = { ...after, id: index, gid: before.id, repo_id: repoId };
    delete (fields as Partial<IssueRecord>).index;
    return fields;
  });
  if (!row || !before || !after) return undefined;
  const st = await repoState(store, repoId);
  st.set(index, keyOf(after));
  noteText(store, repoId, index, issueText(before), issueText(after));
  await bump(store, repoId, keyOf(before), keyOf(after));
  await stateOf(store).links.change(repoId, index, linksOf(before), linksOf(after));
  return toRecord(row, repoId);
}

/** Deletes one issue: its row, its counts, its user links and its text (its comments are the caller's). */
export async function remove(store: Store, repoId: number, index: number): Promise<boolean> {
  const before = await get(store, repoId, index);
  if (!before) return false;
  await collOf(store, repoId).deleteWhere((r) => r.id === index);
  const st = await repoState(store, repoId);
  st.set(index, null);
  dropText(store, repoId, index);
  await bump(store, repoId, keyOf(before), null);
  await stateOf(store).links.change(repoId, index, linksOf(before), []);
  return true;
}

/** Deletes every issue of a repository (it is being deleted): its partitions, counters and user links. */
export async function removeRepo(store: Store, repoId: number): Promise<void> {
  const s = stateOf(store);
  const c = collOf(store, repoId);
  for (const n of await c.partitions()) {
    for (const r of await c.peekPartition(n)) await s.links.change(repoId, r.id, linksOf(toRecord(r, repoId)), []);
  }
  s.colls.delete(repoId);
  store.engine.unadopt(c);
  s.repos.delete(repoId);
  dropRepoText(store, repoId);
  await store.engine.remove(`issues/${repoId}/counters`);
  // a change still on its way into the folder would make the removal fail (as for a hook's tasks)
  await c.settled();
  await rm(path.join(store.engine.root, 'issues', String(repoId)), { recursive: true, force: true, maxRetries: 3 });
}

/** The number of matches from the counters when `q` filters by state and kind only, else null. */
async function countedTotal(store: Store, repoId: number, q: IssueQuery): Promise<number | null> {
  if (q.posterId !== undefined || q.assigneeId !== undefined || q.mentionedId !== undefined || q.milestoneId !== undefined || q.labelIds?.length
    || q.milestoneIds?.length || q.updatedSince !== undefined || q.updatedBefore !== undefined) return null;
  const c = await counters(store, repoId);
  const state = q.state ?? 'open';
  const kinds: ('issues' | 'pulls')[] = q.isPull === undefined ? ['issues', 'pulls'] : [q.isPull ? 'pulls' : 'issues'];
  const states: ('open' | 'closed')[] = state === 'all' ? ['open', 'closed'] : [state];
  return states.reduce((n, st) => n + kinds.reduce((m, k) => m + c[`${st}_${k}`], 0), 0);
}

/** One page of the repository's issues matching `q` (default: open, newest first), and how many match. */
export async function list(store: Store, repoId: number, q: IssueQuery = {}): Promise<Page<IssueRecord>> {
  const st = await repoState(store, repoId);
  // Filtered by state (and kind) only: the kept counters give the total, so the walk stops at the page's end.
  const { keys, total } = st.page(q, null, await countedTotal(store, repoId, q));
  return { rows: await rowsOf(store, keys.map((k) => ({ repoId, index: k.index }))), total };
}

async function rowsOf(store: Store, refs: { repoId: number; index: number }[]): Promise<IssueRecord[]> {
  const rows: IssueRecord[] = [];
  for (const { repoId, index } of refs) {
    const r = await get(store, repoId, index);
    if (r) rows.push(r);
  }
  return rows;
}

/** The indexes of the repository's pull requests (`pulls` true) or of its issues (false). */
export async function indexesOfKind(store: Store, repoId: number, pulls: boolean): Promise<Set<number>> {
  const out = new Set<number>();
  for (const k of (await repoState(store, repoId)).keys.values()) if (k.is_pull === pulls) out.add(k.index);
  return out;
}

/** The repository's open and closed counts (kept as numbers, no issue is read). */
export async function counters(store: Store, repoId: number): Promise<IssueCounters> {
  return { ...(await countersDoc(store, repoId)).data };
}

/** counters() of each repository, in the order given (one await for a page of repositories). */
export async function countersEach(store: Store, repoIds: readonly number[]): Promise<IssueCounters[]> {
  return (await store.engine.docs(repoIds.map(countersName), noCounters)).map((d) => ({ ...d.data }));
}

/** Recounts the repository from its issues (a repair, as Gitea's consistency check). */
export async function recount(store: Store, repoId: number): Promise<IssueCounters> {
  const doc = await countersDoc(store, repoId);
  doc.data = countersOf((await repoState(store, repoId)).keys.values());
  await doc.save();
  return { ...doc.data };
}

/**
 * Text search of one or more repositories' issues (title, body and comments; every word, as a prefix), in the
 * query's order (default newest first, as Gitea's API orders keyword searches), one page, and how many match.
 */
export async function search(store: Store, repoIds: number[], text: string, q: IssueQuery = {}): Promise<Page<IssueRecord>> {
  const limit = q.limit && q.limit > 0 ? q.limit : 0;
  const page = Math.max(1, q.page ?? 1);
  // Each repository gives its matches up to the end of the asked page; one repository gives the page itself.
  const upTo: IssueQuery = { ...q, state: q.state ?? 'all', ...(repoIds.length > 1 ? { page: 1, limit: limit ? page * limit : 0 } : {}) };
  const found: { repoId: number; key: IssueKey }[] = [];
  let total = 0;
  for (const repoId of repoIds) {
    const st = await repoState(store, repoId);
    const hits = (await textIndex(store, repoId)).search(text);
    const got = st.page(upTo, hits, null);
    found.push(...got.keys.map((key) => ({ repoId, key })));
    total += got.total;
  }
  let refs = found;
  if (repoIds.length > 1) {
    const cmp = SORTS[q.sort ?? 'newest'];
    refs = [...found].sort((a, b) => cmp(a.key, b.key) || b.repoId - a.repoId);
    refs = limit ? refs.slice((page - 1) * limit, page * limit) : refs;
  }
  return { rows: await rowsOf(store, refs.map((r) => ({ repoId: r.repoId, index: r.key.index }))), total };
}

/** Where a user is poster, assignee or mentioned, over every repository: `[repoId, index]` pairs, newest first. */
export async function refsOfUser(store: Store, userId: number, role: UserRole): Promise<{ repoId: number; index: number }[]> {
  return stateOf(store).links.of(userId, role);
}

/**
 * Activity feed entries (Gitea's action table): one row per feed that shows an action (the actor's, the owning
 * organization's, each watcher's), as Gitea's NotifyWatchers writes them. Kept in append-only log partitions
 * (LogCollection), so recording an action appends a line whatever the number of stored rows (ARCHITECTURE decision 4).
 * Memory holds only the numbers feed queries filter on, in typed-array columns (feed-columns.ts: every row's, and
 * each read feed's); a page is one pass over numbers, then reads its own rows from the partitions.
 */
import path from 'node:path';
import type { Store } from './index.ts';
import { LogCollection } from './engine/log-collection.ts';
import { cloneRecord } from './engine/clone.ts';
import type { Page } from './engine/query.ts';
import { FeedColumns, secondsOf, type FeedOpType } from './feed-columns.ts';
import { RecentRows } from './feed-recent.ts';

export type { FeedOpType } from './feed-columns.ts';

export interface FeedActionRecord {
  id: number;
  /** The user or organization whose feed shows the row. */
  user_id: number;
  op_type: FeedOpType;
  act_user_id: number;
  repo_id: number;
  /** The comment the action made (0: none). */
  comment_id: number;
  ref_name: string;
  content: string;
  created: string;
}

/** The directory under the store, ids per partition and log lines before a compaction: the layout rows were always stored in. */
const DIR = 'feed_actions';
const PARTITION = 2_000;
const COMPACT_AFTER = 2_000;

/** Which rows a feed reads: one feed owner's rows, or a repository's own rows (those in their actor's feed). */
export type FeedSource = { userId: number } | { repoId: number };

interface Facts {
  /** Every stored row's facts, ascending by id. */
  all: FeedColumns;
  /** The facts of each feed read so far: built on its first read, extended by inserts, dropped by a removal. */
  feeds: Map<string, FeedColumns>;
}

/** Full rows a store keeps: the newest written and the last read, for pages (feed-recent.ts). */
const RECENT_BYTES = 1024 * 1024;
/** A held row's estimated bytes: its strings, and about 200 for the object and its numbers. */
const rowBytes = (r: FeedActionRecord): number => 200 + r.content.length + r.ref_name.length + r.created.length;

/** The rows on disk (the collection caches parsed partitions within its budget) and the recent full rows, per store. */
interface Rows {
  coll: LogCollection<FeedActionRecord>;
  recent: RecentRows<FeedActionRecord>;
}

const rowsByStore = new WeakMap<Store, Rows>();
/** The facts in memory per store, read from the partitions on first use and read again after a failed write. */
const facts = new WeakMap<Store, Promise<Facts>>();

const keyOf = (s: FeedSource): string => ('userId' in s ? `u${s.userId}` : `r${s.repoId}`);

function rowsOf(store: Store): Rows {
  let r = rowsByStore.get(store);
  if (!r) {
    // Both are forgotten when the host goes idle, as every record cache is.
    const coll = store.engine.adopt(new LogCollection<FeedActionRecord>(path.join(store.engine.root, DIR), PARTITION, COMPACT_AFTER));
    rowsByStore.set(store, (r = { coll, recent: store.engine.adopt(new RecentRows<FeedActionRecord>(RECENT_BYTES, rowBytes)) }));
  }
  return r;
}

function note(cols: FeedColumns, r: Readonly<FeedActionRecord>): void {
  cols.add({ id: r.id, user_id: r.user_id, repo_id: r.repo_id, act_user_id: r.act_user_id, at: secondsOf(r.created), op_type: r.op_type });
}

async function readFacts(store: Store): Promise<Facts> {
  const { coll } = rowsOf(store);
  const all = new FeedColumns();
  // Partitions ascending, each by id ascending: every row is an append. Only the numbers are kept.
  for (const n of await coll.partitions()) for (const r of await coll.peekPartition(n)) note(all, r);
  return { all, feeds: new Map() };
}

function factsOf(store: Store): Promise<Facts> {
  let f = facts.get(store);
  if (!f) {
    f = readFacts(store);
    facts.set(store, f);
    f.catch(() => facts.delete(store));
  }
  return f;
}

/** Runs a write; when it fails, the facts are read from disk again at next use (memory may be ahead of the disk). */
async function guarded<T>(store: Store, read: Promise<Facts>, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (facts.get(store) === read) facts.delete(store);
    rowsOf(store).recent.dropCached();
    throw err;
  }
}

function columns(f: Facts, s: FeedSource): FeedColumns {
  const key = keyOf(s);
  let c = f.feeds.get(key);
  if (!c) {
    c = 'userId' in s
      ? f.all.filter((a, i) => a.user[i] === s.userId)
      : f.all.filter((a, i) => a.repo[i] === s.repoId && a.user[i] === a.actor[i]);
    f.feeds.set(key, c);
  }
  return c;
}

/** Adds a row's facts to every row's and to the built columns of its feeds, in id order whatever order rows come in. */
function staged(f: Facts, r: Readonly<FeedActionRecord>): void {
  note(f.all, r);
  const own = f.feeds.get(keyOf({ userId: r.user_id }));
  if (own) note(own, r);
  const repo = r.user_id === r.act_user_id ? f.feeds.get(keyOf({ repoId: r.repo_id })) : undefined;
  if (repo) note(repo, r);
}

/** The distinct repositories and actors of a feed's rows. */
export async function partiesOf(store: Store, s: FeedSource): Promise<{ repoIds: Set<number>; actorIds: Set<number> }> {
  return columns(await factsOf(store), s).parties();
}

/** What a feed page keeps: a row's repository and actor, its time (unix seconds) and its type. */
export type FeedFilter = (repoId: number, actorId: number, at: number, op: FeedOpType) => boolean;

/** One page of a feed's rows matching `where`, newest first, with the total; only the page's rows are read from disk. */
export async function page(store: Store, s: FeedSource, where: FeedFilter, paging: { page: number; limit: number }): Promise<Page<FeedActionRecord>> {
  const f = await factsOf(store);
  const c = columns(f, s);
  const skip = (Math.max(1, paging.page) - 1) * paging.limit;
  const picked: number[] = [];
  let total = 0;
  for (let i = c.length - 1; i >= 0; i--) {
    if (!where(c.repo[i]!, c.actor[i]!, c.at[i]!, c.opAt(i))) continue;
    if (total >= skip && picked.length < paging.limit) picked.push(c.ids[i]!);
    total += 1;
  }
  return { rows: await fullRows(store, f, picked), total };
}

/** Copies of the rows with these ids, in their order (a row removed meanwhile left out). */
async function fullRows(store: Store, f: Facts, ids: readonly number[]): Promise<FeedActionRecord[]> {
  const { coll, recent } = rowsOf(store);
  const held = new Map<number, FeedActionRecord>();
  for (const id of ids) {
    const r = recent.get(id);
    if (r) held.set(id, r);
  }
  // The others from disk: a partition not cached is read for these rows only, not parsed and kept whole.
  const read = await coll.peekFew(ids.filter((id) => !held.has(id)));
  const rows: FeedActionRecord[] = [];
  for (const id of ids) {
    const stored = read.get(id);
    const r = held.get(id) ?? (stored && cloneRecord(stored));
    if (!r) continue;
    // A row a removal took meanwhile is answered (the page was picked before it) but not held.
    if (stored && f.all.has(id)) recent.put(r);
    rows.push(r);
  }
  return rows;
}

/** Stores the rows of one action, one per feed owner in `userIds`; resolves once they are on disk. */
export async function insertMany(store: Store, userIds: readonly number[], row: Omit<FeedActionRecord, 'id' | 'user_id'>): Promise<void> {
  const read = factsOf(store);
  const f = await read;
  const { coll, recent } = rowsOf(store);
  // The facts go into memory in the step that makes the row, before its append: a removal running meanwhile sees it.
  const stored = await Promise.all(userIds.map((uid) => guarded(store, read, () => coll.insert((id) => ({ id, user_id: uid, ...row }), (r) => {
    staged(f, r);
    return Promise.resolve();
  }))));
  // The newest rows are the ones the next pages read (the actor's own feed first).
  for (const r of stored) if (f.all.has(r.id)) recent.put(r);
}

/** Removes the rows whose facts match `drop`, from memory at once and then from their partitions (rewritten without them). */
async function removeWhere(store: Store, drop: (c: FeedColumns, i: number) => boolean): Promise<void> {
  const read = factsOf(store);
  const f = await read;
  const ids = f.all.removeWhere(drop);
  f.feeds.clear();
  const { coll, recent } = rowsOf(store);
  recent.delete(ids);
  if (ids.length) await guarded(store, read, () => coll.deleteIds(ids));
}

/** Removes a repository's rows (when it is deleted). */
export async function removeByRepo(store: Store, repoId: number): Promise<void> {
  await removeWhere(store, (c, i) => c.repo[i] === repoId);
}

/** Removes the rows of a user's feed and the rows of the user's actions (when the user is deleted). */
export async function removeByUser(store: Store, userId: number): Promise<void> {
  await removeWhere(store, (c, i) => c.user[i] === userId || c.actor[i] === userId);
}

/**
 * What this module keeps in memory for a store (for tests): the facts of every row and of each read feed, and the
 * recent full rows; the collection's parsed partitions are its own cache, bounded by its budget.
 */
export async function resident(store: Store): Promise<{ all: FeedColumns; feeds: ReadonlyMap<string, FeedColumns>; recent: RecentRows<FeedActionRecord> }> {
  const f = await factsOf(store);
  return { all: f.all, feeds: f.feeds, recent: rowsOf(store).recent };
}

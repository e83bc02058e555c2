/**
 * Activity feed entries (Gitea's action table): one row per feed that shows an action (the actor's, the owning
 * organization's, each watcher's), as Gitea's NotifyWatchers writes them. Kept in append-only log partitions
 * (LogTable), so recording an action appends a line whatever the number of stored rows (ARCHITECTURE decision 4).
 * Feed queries read per-feed columns of ids, repositories, actors and times, so a page is one pass over numbers.
 */
import type { Store } from './index.ts';
import { LogTable } from './engine/log-table.ts';
import type { Page } from './engine/query.ts';

/** Gitea's ActionType names that Homeforge records. */
export type FeedOpType =
  | 'create_repo' | 'rename_repo' | 'commit_repo' | 'create_issue' | 'create_pull_request' | 'transfer_repo' | 'push_tag'
  | 'comment_issue' | 'merge_pull_request' | 'close_issue' | 'reopen_issue' | 'close_pull_request' | 'reopen_pull_request'
  | 'delete_tag' | 'delete_branch' | 'mirror_sync_push' | 'mirror_sync_create' | 'mirror_sync_delete'
  | 'approve_pull_request' | 'reject_pull_request' | 'comment_pull' | 'publish_release';

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

const table = new LogTable<FeedActionRecord>('feed_actions', {
  indexes: [
    { name: 'user', key: (a) => String(a.user_id) },
    { name: 'repo', key: (a) => String(a.repo_id) },
    { name: 'actor', key: (a) => String(a.act_user_id) },
  ],
}, 2_000);

/** Which rows a feed reads: one feed owner's rows, or a repository's own rows (those in their actor's feed). */
export type FeedSource = { userId: number } | { repoId: number };

/** The facts a feed query filters on, row by row, ascending by id: a column each, so a pass copies nothing. */
interface Columns {
  ids: number[];
  repo: number[];
  actor: number[];
  /** Unix seconds of `created`. */
  at: number[];
  op: FeedOpType[];
}

/** Columns per feed, kept per store and built on first read; an append extends them, a removal drops them all. */
const columnsOf = new WeakMap<Store, Map<string, Columns>>();

const keyOf = (s: FeedSource): string => ('userId' in s ? `u${s.userId}` : `r${s.repoId}`);
const seconds = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

function cacheOf(store: Store): Map<string, Columns> {
  let m = columnsOf.get(store);
  if (!m) columnsOf.set(store, (m = new Map()));
  return m;
}

async function columns(store: Store, s: FeedSource): Promise<Columns> {
  const cache = cacheOf(store);
  const had = cache.get(keyOf(s));
  if (had) return had;
  const rows: Readonly<FeedActionRecord>[] = [];
  if ('userId' in s) await table.scanBy(store, 'user', String(s.userId), (a) => { rows.push(a); });
  else await table.scanBy(store, 'repo', String(s.repoId), (a) => { if (a.user_id === a.act_user_id) rows.push(a); });
  rows.sort((a, b) => a.id - b.id);
  const c: Columns = { ids: rows.map((a) => a.id), repo: rows.map((a) => a.repo_id), actor: rows.map((a) => a.act_user_id), at: rows.map((a) => seconds(a.created)), op: rows.map((a) => a.op_type) };
  cache.set(keyOf(s), c);
  return c;
}

/** Extends the built columns of the row's feeds; a row out of order (a concurrent insert) drops them instead. */
function appended(store: Store, a: FeedActionRecord): void {
  const cache = cacheOf(store);
  const sources: FeedSource[] = [{ userId: a.user_id }];
  if (a.user_id === a.act_user_id) sources.push({ repoId: a.repo_id });
  for (const s of sources) {
    const c = cache.get(keyOf(s));
    if (!c) continue;
    if ((c.ids[c.ids.length - 1] ?? 0) >= a.id) {
      cache.delete(keyOf(s));
      continue;
    }
    c.ids.push(a.id);
    c.repo.push(a.repo_id);
    c.actor.push(a.act_user_id);
    c.at.push(seconds(a.created));
    c.op.push(a.op_type);
  }
}

/** The distinct repositories and actors of a feed's rows. */
export async function partiesOf(store: Store, s: FeedSource): Promise<{ repoIds: Set<number>; actorIds: Set<number> }> {
  const c = await columns(store, s);
  return { repoIds: new Set(c.repo), actorIds: new Set(c.actor) };
}

/** What a feed page keeps: a row's repository and actor, its time (unix seconds) and its type. */
export type FeedFilter = (repoId: number, actorId: number, at: number, op: FeedOpType) => boolean;

/** One page of a feed's rows matching `where`, newest first, with the total; only the page's rows are copied. */
export async function page(store: Store, s: FeedSource, where: FeedFilter, paging: { page: number; limit: number }): Promise<Page<FeedActionRecord>> {
  const c = await columns(store, s);
  const skip = (Math.max(1, paging.page) - 1) * paging.limit;
  const picked: number[] = [];
  let total = 0;
  for (let i = c.ids.length - 1; i >= 0; i--) {
    if (!where(c.repo[i]!, c.actor[i]!, c.at[i]!, c.op[i]!)) continue;
    if (total >= skip && picked.length < paging.limit) picked.push(c.ids[i]!);
    total += 1;
  }
  return { rows: await table.getMany(store, picked), total };
}

/** Stores the rows of one action, one per feed owner in `userIds`. */
export async function insertMany(store: Store, userIds: readonly number[], row: Omit<FeedActionRecord, 'id' | 'user_id'>): Promise<void> {
  await Promise.all(userIds.map(async (uid) => appended(store, await table.insert(store, (id) => ({ id, user_id: uid, ...row })))));
}

/** Removes a repository's rows (when it is deleted). */
export async function removeByRepo(store: Store, repoId: number): Promise<void> {
  cacheOf(store).clear();
  await table.removeBy(store, 'repo', String(repoId));
  cacheOf(store).clear();
}

/** Removes the rows of a user's feed and the rows of the user's actions (when the user is deleted). */
export async function removeByUser(store: Store, userId: number): Promise<void> {
  cacheOf(store).clear();
  await table.removeBy(store, 'user', String(userId));
  await table.removeBy(store, 'actor', String(userId));
  cacheOf(store).clear();
}

/**
 * Notification threads (Gitea's notification table): one per user and subject (an issue or pull request, a
 * release), marked unread again by each new event. Kept in append-only log partitions (LogTable), so a new event
 * appends one line whatever the number of stored threads (ARCHITECTURE decision 4).
 */
import type { Store } from './index.ts';
import { LogTable } from './engine/log-table.ts';
import { compositeKey } from './engine/indexes.ts';
import type { Page } from './engine/query.ts';

export type NotificationStatus = 'unread' | 'read' | 'pinned';
export type NotificationSource = 'issue' | 'pull' | 'commit' | 'repository' | 'release';

export interface NotificationRecord {
  id: number;
  user_id: number;
  repo_id: number;
  source: NotificationSource;
  /** The issue's (or pull request's) index in its repository; 0 for other subjects. */
  issue_index: number;
  /** The release of a release thread; 0 otherwise. */
  release_id: number;
  status: NotificationStatus;
  /** The comment that last made the thread unread (0: none), for `latest_comment_url`. */
  comment_id: number;
  updated_by: number;
  created: string;
  updated: string;
}

/** What a thread is about: the same subject for one user is always the same thread. */
export interface ThreadSubject {
  repo_id: number;
  source: NotificationSource;
  issue_index: number;
  release_id: number;
}

const subjectKey = (userId: number, s: ThreadSubject): string => compositeKey(userId, s.repo_id, s.source, s.issue_index, s.release_id);

const table = new LogTable<NotificationRecord>('notifications', {
  unique: [{ name: 'thread', key: (n) => subjectKey(n.user_id, n) }],
  indexes: [
    { name: 'user', key: (n) => String(n.user_id) },
    { name: 'repo', key: (n) => String(n.repo_id) },
    { name: 'issue', key: (n) => (n.issue_index ? compositeKey(n.repo_id, n.issue_index) : null) },
    { name: 'release', key: (n) => (n.release_id ? compositeKey(n.repo_id, n.release_id) : null) },
  ],
});

/** Filters of a user's list: statuses (none: all), sources (none: all), one repository, updated after or before. */
export interface ThreadFilter {
  statuses?: NotificationStatus[] | undefined;
  sources?: NotificationSource[] | undefined;
  repoId?: number | undefined;
  /** Only threads of these repositories (the ones the reader may still read). */
  repoIds?: ReadonlySet<number> | undefined;
  since?: string | undefined;
  before?: string | undefined;
}

/** Times compare in whole seconds, as Gitea's unix timestamps do (so `before` a thread's own time includes it). */
const seconds = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

const matches = (f: ThreadFilter) => (n: NotificationRecord): boolean =>
  (!f.statuses?.length || f.statuses.includes(n.status)) && (!f.sources?.length || f.sources.includes(n.source)) &&
  (f.repoId === undefined || n.repo_id === f.repoId) && (!f.repoIds || f.repoIds.has(n.repo_id)) &&
  (!f.since || seconds(n.updated) >= seconds(f.since)) && (!f.before || seconds(n.updated) <= seconds(f.before));

/** The thread with this id, or undefined. */
export const get = (store: Store, id: number) => table.get(store, id);

/** One page of a user's threads matching `f`, most recently updated first, with the total. */
export const page = (store: Store, userId: number, f: ThreadFilter, paging: { page: number; limit: number }): Promise<Page<NotificationRecord>> =>
  table.query(store, {
    index: { name: 'user', key: String(userId) }, where: matches(f), page: paging.page, limit: paging.limit,
    // ISO times of one format order as strings do; a plain comparison, not a locale's collation
    sort: (a, b) => (a.updated === b.updated ? b.id - a.id : a.updated < b.updated ? 1 : -1),
  });

/** Every thread of a user matching `f` (for marking many at once), oldest first. */
export const listByUser = (store: Store, userId: number, f: ThreadFilter) => table.listBy(store, 'user', String(userId), matches(f));

/** How many of a user's threads match `f`. */
export const count = (store: Store, userId: number, f: ThreadFilter) => table.countBy(store, 'user', String(userId), matches(f));

/** The repositories a user has threads in. */
export async function repoIdsOf(store: Store, userId: number): Promise<number[]> {
  const ids = new Set<number>();
  await table.countBy(store, 'user', String(userId), (n) => { ids.add(n.repo_id); return false; });
  return [...ids];
}

/**
 * Records an event on the user's thread of `s`: creates it unread, or marks a read one unread again (a pinned one
 * stays pinned, as Gitea's); `commentId` replaces the latest comment when given.
 */
export async function touch(store: Store, userId: number, s: ThreadSubject, byId: number, commentId: number, now: string): Promise<NotificationRecord> {
  const had = await table.getBy(store, 'thread', subjectKey(userId, s));
  if (had) {
    return (await table.update(store, had.id, (n) => {
      if (n.status === 'read') n.status = 'unread';
      if (commentId) n.comment_id = commentId;
      n.updated_by = byId;
      n.updated = now;
    }))!;
  }
  return table.insert(store, (id) => ({ id, user_id: userId, ...s, status: 'unread', comment_id: commentId, updated_by: byId, created: now, updated: now }));
}

/** Sets a thread's status (Gitea's SetNotificationStatus: the update time moves too); undefined when unknown. */
export const setStatus = (store: Store, id: number, status: NotificationStatus, now: string) =>
  table.update(store, id, (n) => { n.status = status; n.updated = now; });

/** Removes a user's threads (when the user is deleted). */
export const removeByUser = (store: Store, userId: number) => table.removeBy(store, 'user', String(userId));

/** Removes a repository's threads (when it is deleted). */
export const removeByRepo = (store: Store, repoId: number) => table.removeBy(store, 'repo', String(repoId));

/** Removes the threads of one issue (when it is deleted). */
export const removeByIssue = (store: Store, repoId: number, index: number) => table.removeBy(store, 'issue', compositeKey(repoId, index));

/** Removes the threads of one release (when it is deleted). */
export const removeByRelease = (store: Store, repoId: number, releaseId: number) => table.removeBy(store, 'release', compositeKey(repoId, releaseId));

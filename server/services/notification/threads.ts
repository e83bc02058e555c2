/**
 * A user's notification threads (Gitea's notify API): lists with status, subject and time filters, the unread count,
 * one thread, and marking threads read, unread or pinned. A thread shows only while its user may read its
 * repository (with the request's token reach): losing access hides the threads, getting it back shows them again.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import type { IssueRecord } from '../../store/issues.ts';
import type { PullRecord } from '../../store/pulls.ts';
import type { ReleaseRecord } from '../../store/releases.ts';
import * as notificationStore from '../../store/notifications.ts';
import * as issueStore from '../../store/issues.ts';
import * as pullStore from '../../store/pulls.ts';
import * as releaseStore from '../../store/releases.ts';
import * as repoStore from '../../store/repos.ts';
import * as userStore from '../../store/users.ts';
import type { NotificationRecord, NotificationSource, NotificationStatus, ThreadFilter } from '../../store/notifications.ts';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { canReadAny, repoPermission } from '../permission/permissions.ts';
import { viewsOfChecked, type RepoView } from '../repository/repos.ts';

export type { NotificationStatus, NotificationSource };

/** A thread with what its answer shows. */
export interface ThreadView {
  thread: NotificationRecord;
  repo: RepoView;
  issue: IssueRecord | null;
  pull: PullRecord | null;
  release: ReleaseRecord | null;
}

/** The list filters of Gitea's notify routes, as the query gives them. */
export interface ListOptions {
  all?: boolean | undefined;
  statusTypes?: string[] | undefined;
  subjectTypes?: string[] | undefined;
  since?: string | undefined;
  before?: string | undefined;
}

const STATUSES: readonly NotificationStatus[] = ['unread', 'read', 'pinned'];
const SOURCES: readonly NotificationSource[] = ['issue', 'pull', 'commit', 'repository', 'release'];

/** Gitea's statusStringsToNotificationStatuses: known names only, the defaults when none is known. */
function statusesOf(given: string[] | undefined, defaults: NotificationStatus[]): NotificationStatus[] {
  const known = (given ?? []).map((s) => s.toLowerCase()).filter((s): s is NotificationStatus => STATUSES.includes(s as NotificationStatus));
  return known.length ? known : defaults;
}

/** A `to-status` value; Gitea's default is read. */
export const toStatusOf = (given: string | undefined): NotificationStatus => statusesOf(given ? [given] : [], ['read'])[0]!;

/** The repositories (among those the user has threads in) that the user may read now, with their views' inputs. */
async function readableRepos(app: AppContext, user: UserRecord, ids: number[]): Promise<Map<number, { repo: RepoRecord; owner: UserRecord; perm: Awaited<ReturnType<typeof repoPermission>> }>> {
  const out = new Map<number, { repo: RepoRecord; owner: UserRecord; perm: Awaited<ReturnType<typeof repoPermission>> }>();
  for (const id of ids) {
    const repo = await repoStore.getById(app.store, id);
    const owner = repo && (await userStore.getById(app.store, repo.owner_id));
    if (!repo || !owner) continue;
    const perm = await repoPermission(app, user, repo, owner);
    if (canReadAny(perm)) out.set(id, { repo, owner, perm });
  }
  return out;
}

/** Builds the views of a page of threads (one repository view per repository). */
async function viewsOf(app: AppContext, user: UserRecord, rows: NotificationRecord[], repos: Awaited<ReturnType<typeof readableRepos>>): Promise<ThreadView[]> {
  const ids = [...new Set(rows.map((n) => n.repo_id))].filter((id) => repos.has(id));
  const views = new Map((await viewsOfChecked(app, ids.map((id) => repos.get(id)!), user)).map((v) => [v.repo.id, v]));
  const out: ThreadView[] = [];
  for (const n of rows) {
    const repo = views.get(n.repo_id);
    if (!repo) continue;
    const issue = n.issue_index ? ((await issueStore.get(app.store, n.repo_id, n.issue_index)) ?? null) : null;
    const pull = issue?.is_pull ? ((await pullStore.getByIndex(app.store, n.repo_id, n.issue_index)) ?? null) : null;
    const release = n.release_id ? ((await releaseStore.get(app.store, n.release_id)) ?? null) : null;
    out.push({ thread: n, repo, issue, pull, release });
  }
  return out;
}

/** The store filter of a list, limited to the repositories the user may read. */
async function filterOf(app: AppContext, user: UserRecord, o: ListOptions, repoId?: number) {
  const repos = await readableRepos(app, user, repoId !== undefined ? [repoId] : await notificationStore.repoIdsOf(app.store, user.id));
  const sources = (o.subjectTypes ?? []).map((s) => s.toLowerCase()).filter((s): s is NotificationSource => SOURCES.includes(s as NotificationSource));
  const f: ThreadFilter = {
    statuses: o.all ? undefined : statusesOf(o.statusTypes, ['unread', 'pinned']),
    sources: o.subjectTypes?.length ? (sources.length ? sources : ['none' as NotificationSource]) : undefined,
    repoId, repoIds: new Set(repos.keys()), since: o.since, before: o.before,
  };
  return { f, repos };
}

/** One page of the user's threads (of one repository with `repoId`), most recently updated first, with the total. */
export async function listThreads(app: AppContext, user: UserRecord, o: ListOptions, paging: { page: number; limit: number }, repoId?: number): Promise<{ rows: ThreadView[]; total: number }> {
  const { f, repos } = await filterOf(app, user, o, repoId);
  const { rows, total } = await notificationStore.page(app.store, user.id, f, paging);
  return { rows: await viewsOf(app, user, rows, repos), total };
}

/** How many unread threads the user has in repositories they may read (Gitea's NotificationCount). */
export async function countUnread(app: AppContext, user: UserRecord): Promise<number> {
  const { f } = await filterOf(app, user, { statusTypes: ['unread'] });
  return notificationStore.count(app.store, user.id, f);
}

/** The thread `id` as `doer` may see it: 404 when unknown or its repository is out of reach, 403 for another's (Gitea's). */
async function loadThread(app: AppContext, doer: UserRecord, id: number): Promise<ThreadView> {
  const n = Number.isSafeInteger(id) && id > 0 ? await notificationStore.get(app.store, id) : undefined;
  if (!n) throw new NotFoundError('notification thread does not exist');
  if (n.user_id !== doer.id && !doer.is_admin) throw new ForbiddenError(`only user itself and admin are allowed to read/change this thread ${n.id}`);
  const owner = n.user_id === doer.id ? doer : await userStore.getById(app.store, n.user_id);
  const repos = owner ? await readableRepos(app, owner, [n.repo_id]) : new Map();
  const [view] = owner ? await viewsOf(app, owner, [n], repos) : [];
  if (!view) throw new NotFoundError('notification thread does not exist');
  return view;
}

/** One thread of the doer (or of anyone, for a site admin). */
export const getThread = (app: AppContext, doer: UserRecord, id: number): Promise<ThreadView> => loadThread(app, doer, id);

/** Sets one thread's status (`to-status`, read by default) and answers it as it is now. */
export async function markThread(app: AppContext, doer: UserRecord, id: number, toStatus: string | undefined): Promise<ThreadView> {
  const view = await loadThread(app, doer, id);
  const thread = await notificationStore.setStatus(app.store, id, toStatusOf(toStatus), new Date().toISOString());
  return { ...view, thread: thread ?? view.thread };
}

/** What PUT .../notifications marks: threads updated before `lastReadAt`, of `statusTypes` (unread by default) or all. */
export interface MarkOptions {
  lastReadAt?: string | undefined;
  all?: boolean | undefined;
  statusTypes?: string[] | undefined;
  toStatus?: string | undefined;
}

/** Marks the user's threads (of one repository with `repoId`) and answers the ones changed (Gitea's 205 list). */
export async function markThreads(app: AppContext, user: UserRecord, o: MarkOptions, repoId?: number): Promise<ThreadView[]> {
  let before: string | undefined;
  if (o.lastReadAt) {
    const t = Date.parse(o.lastReadAt);
    if (!/^\d{4}-\d\d-\d\dT/.test(o.lastReadAt) || Number.isNaN(t)) throw new BadRequestError(`parsing time "${o.lastReadAt}" as RFC 3339`);
    before = new Date(t).toISOString();
  }
  const { f, repos } = await filterOf(app, user, { all: o.all, statusTypes: o.statusTypes?.length ? o.statusTypes : ['unread'], before }, repoId);
  const to = toStatusOf(o.toStatus);
  const now = new Date().toISOString();
  const changed: NotificationRecord[] = [];
  for (const n of await notificationStore.listByUser(app.store, user.id, f)) {
    const next = await notificationStore.setStatus(app.store, n.id, to, now);
    if (next) changed.push(next);
  }
  return viewsOf(app, user, changed, repos);
}

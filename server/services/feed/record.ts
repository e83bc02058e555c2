/**
 * The activity feed hears the bus and records Gitea's actions (services/feed/notifier.go): each action goes to the
 * actor's feed, the owning organization's, and the feed of each watcher who may read the unit it concerns then
 * (Gitea's NotifyWatchers). Deleting a repository removes its actions.
 */
import type { AppContext } from '../context.ts';
import type { DomainEvents, RefChange } from '../events/domain.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import type { IssueRecord } from '../../store/issues.ts';
import * as feedStore from '../../store/feed-actions.ts';
import * as watchStore from '../../store/watches.ts';
import * as userStore from '../../store/users.ts';
import * as pullStore from '../../store/pulls.ts';
import * as refs from '../../git/refs.ts';
import { atLeast, repoPermission, unitMode, type RepoUnit } from '../permission/permissions.ts';
import { branchPushContent, EMPTY_PUSH } from './push-content.ts';
import { timeSlicer } from '../../lib/time-slice.ts';

type OpType = feedStore.FeedOpType;

interface Action {
  op: OpType;
  repo: RepoRecord;
  owner: UserRecord;
  actorId: number;
  content?: string;
  refName?: string;
  commentId?: number;
}

/** The unit a watcher must be able to read to see an action of this type in their feed (none: every watcher). */
const UNIT_OF: Partial<Record<OpType, RepoUnit>> = {
  commit_repo: 'repo.code', push_tag: 'repo.code', delete_tag: 'repo.code', publish_release: 'repo.releases', delete_branch: 'repo.code',
  create_issue: 'repo.issues', comment_issue: 'repo.issues', close_issue: 'repo.issues', reopen_issue: 'repo.issues',
  create_pull_request: 'repo.pulls', comment_pull: 'repo.pulls', merge_pull_request: 'repo.pulls', close_pull_request: 'repo.pulls', reopen_pull_request: 'repo.pulls',
};

/** The unit a reader must be able to read to see an action of type `op` (undefined: reading the repository is enough). */
export const unitOfOp = (op: OpType): RepoUnit | undefined => UNIT_OF[op];

async function mayRead(app: AppContext, watcherId: number, a: Action): Promise<boolean> {
  const unit = UNIT_OF[a.op];
  if (!unit) return true;
  const user = await userStore.peekById(app.store, watcherId);
  return !!user && atLeast(unitMode(await repoPermission(app, user, a.repo, a.owner), unit), 'read');
}

/** The watchers' rows of recorded actions still being written, per host: one chain, so each feed gets them in order. */
const fanOuts = new WeakMap<AppContext, Promise<void>>();

/**
 * Stores the action in the feeds that show it: the actor's and the owning organization's before the publishing
 * request answers, each watcher's after it (a repository with thousands of watchers would otherwise hold up the
 * write that caused the action), a slice at a time.
 */
async function record(app: AppContext, a: Action): Promise<void> {
  const row = {
    op_type: a.op, act_user_id: a.actorId, repo_id: a.repo.id, comment_id: a.commentId ?? 0, ref_name: a.refName ?? '', content: a.content ?? '', created: new Date().toISOString(),
  };
  const direct = new Set([a.actorId]);
  if (a.owner.type === 'organization') direct.add(a.owner.id);
  await feedStore.insertMany(app.store, [...direct], row);
  const next = (fanOuts.get(app) ?? Promise.resolve())
    .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
    .then(() => writeWatcherRows(app, a, row, direct))
    .catch((err: unknown) => app.log.error('activity feed rows of watchers not written', { op: a.op, repo: a.repo.id, error: err instanceof Error ? err.message : String(err) }));
  fanOuts.set(app, next);
}

/** Adds the action's row to the feed of each watcher who may read its unit now. */
async function writeWatcherRows(app: AppContext, a: Action, row: Omit<feedStore.FeedActionRecord, 'id' | 'user_id'>, skip: Set<number>): Promise<void> {
  const slice = timeSlicer();
  const ids: number[] = [];
  for (const w of await watchStore.listByRepo(app.store, a.repo.id)) {
    await slice();
    if (!skip.has(w.user_id) && (await mayRead(app, w.user_id, a))) ids.push(w.user_id);
  }
  for (let i = 0; i < ids.length; i += 200) {
    await slice();
    await feedStore.insertMany(app.store, ids.slice(i, i + 200), row);
  }
}

/** Resolves once the watchers' rows of every action recorded so far are written (the host's close; tests). */
export async function feedsIdle(app: AppContext): Promise<void> {
  for (let p = fanOuts.get(app); p; p = fanOuts.get(app)) {
    await p;
    if (fanOuts.get(app) === p) return;
  }
}

/** Gitea's `index|text` content of issue actions. */
const issueContent = (issue: IssueRecord, text: string): string => `${issue.index}|${text}`;

/** A comment's text cut to 200 characters as Gitea's feed does, dropping a last broken word. */
function truncated(body: string): string {
  const chars = [...body];
  if (chars.length <= 200) return body;
  const cut = chars.slice(0, 199).join('');
  const space = cut.lastIndexOf(' ');
  return `${space !== -1 && cut.length - space < 15 ? cut.slice(0, space) : cut}…`;
}

async function issueChanged(app: AppContext, e: DomainEvents['issue.changed']): Promise<void> {
  if (e.kind !== 'issues') return;
  const pull = e.issue.is_pull;
  const base = { repo: e.repo, owner: e.owner, actorId: e.doer.id };
  if (e.action === 'opened') {
    await record(app, { ...base, op: pull ? 'create_pull_request' : 'create_issue', content: issueContent(e.issue, e.issue.title) });
  } else if (e.action === 'closed' || e.action === 'reopened') {
    // A merge closes the pull request too; Gitea records only merge_pull_request for it.
    if (pull && e.action === 'closed' && (await pullStore.getByIndex(app.store, e.repo.id, e.issue.index))?.has_merged) return;
    const op: OpType = e.action === 'closed' ? (pull ? 'close_pull_request' : 'close_issue') : (pull ? 'reopen_pull_request' : 'reopen_issue');
    await record(app, { ...base, op, content: issueContent(e.issue, '') });
  }
}

async function refUpdated(app: AppContext, e: DomainEvents['ref.updated'], u: RefChange): Promise<void> {
  const tag = u.ref.startsWith('refs/tags/');
  const created = refs.zeroId(u.oldSha);
  const deleted = refs.zeroId(u.newSha);
  const base = { repo: e.repo, owner: e.owner, refName: u.ref };
  if (e.repo.is_mirror) {
    // Gitea's mirror notifier: the repository's owner is the actor.
    const op: OpType = created ? 'mirror_sync_create' : deleted ? 'mirror_sync_delete' : 'mirror_sync_push';
    const content = op === 'mirror_sync_push' && !tag ? await branchPushContent(app, e.repo, e.owner, u) : op === 'mirror_sync_push' ? EMPTY_PUSH : '';
    await record(app, { ...base, actorId: e.owner.id, op, content });
    return;
  }
  const actor = { ...base, actorId: e.pusher.id };
  if (tag) await record(app, { ...actor, op: deleted ? 'delete_tag' : 'push_tag', content: EMPTY_PUSH });
  else if (deleted) await record(app, { ...actor, op: 'delete_branch' });
  else {
    // A new branch is recorded twice, as Gitea's CreateRef and PushCommits notifiers do.
    if (created) await record(app, { ...actor, op: 'commit_repo' });
    await record(app, { ...actor, op: 'commit_repo', content: await branchPushContent(app, e.repo, e.owner, u) });
  }
}

const REVIEW_OPS: Record<string, OpType> = { APPROVED: 'approve_pull_request', REQUEST_CHANGES: 'reject_pull_request', COMMENT: 'comment_pull' };

/** Subscribes the activity feed to the bus. */
export function subscribeFeed(app: AppContext): void {
  app.bus.subscribe('repo.created', 'feed', (e) => record(app, { op: 'create_repo', repo: e.repo, owner: e.owner, actorId: e.doer.id }));
  app.bus.subscribe('repo.settings_changed', 'feed', async ({ before, repo, doer }) => {
    if (!doer || before.name === repo.name) return;
    const owner = await userStore.getById(app.store, repo.owner_id);
    if (owner) await record(app, { op: 'rename_repo', repo, owner, actorId: doer.id, content: before.name });
  });
  app.bus.subscribe('repo.transferred', 'feed', (e) =>
    record(app, { op: 'transfer_repo', repo: e.repo, owner: e.owner, actorId: e.doer.id, content: `${e.oldOwnerName}/${e.repo.name}` }));
  app.bus.subscribe('ref.updated', 'feed', async (e) => {
    for (const u of e.updates) await refUpdated(app, e, u);
  });
  app.bus.subscribe('issue.changed', 'feed', (e) => issueChanged(app, e));
  app.bus.subscribe('issue.commented', 'feed', async (e) => {
    if (e.action !== 'created') return;
    const op: OpType = e.issue.is_pull ? 'comment_pull' : 'comment_issue';
    await record(app, { op, repo: e.repo, owner: e.owner, actorId: e.doer.id, content: issueContent(e.issue, truncated(e.comment.body)), commentId: e.comment.id });
  });
  app.bus.subscribe('pull.merged', 'feed', (e) =>
    record(app, { op: 'merge_pull_request', repo: e.repo, owner: e.owner, actorId: e.doer.id, content: issueContent(e.issue, e.issue.title) }));
  app.bus.subscribe('pull.reviewed', 'feed', async (e) => {
    const op = REVIEW_OPS[e.review.type];
    // A plain comment review with no text records nothing, as Gitea's.
    if (!op || (op === 'comment_pull' && !e.review.body.trim())) return;
    await record(app, { op, repo: e.repo, owner: e.owner, actorId: e.doer.id, content: issueContent(e.issue, e.review.body.split('\n')[0] ?? '') });
  });
  app.bus.subscribe('release.changed', 'feed', async (e) => {
    if (e.action === 'published') await record(app, { op: 'publish_release', repo: e.repo, owner: e.owner, actorId: e.release.publisher_id || e.doer.id, content: e.release.title, refName: e.release.tag_name });
  });
  app.bus.subscribe('repo.deleted', 'feed', async (e) => { await feedStore.removeByRepo(app.store, e.repo.id); });
}

/**
 * The issue timeline (Gitea's comment types beside plain comments): events are stored with the comments, in the
 * order they happen, by the code that makes the change. Cross references and dependencies that name an issue of
 * another repository are shown only to viewers who may read that repository's issues.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as commentStore from '../../store/issue-comments.ts';
import * as issueStore from '../../store/issues.ts';
import * as labelStore from '../../store/labels.ts';
import * as milestoneStore from '../../store/milestones.ts';
import * as repoStore from '../../store/repos.ts';
import * as userStore from '../../store/users.ts';
import type { CommentRecord, TimelineMeta } from '../../store/issue-comments.ts';
import type { IssueRecord } from '../../store/issues.ts';
import type { LabelRecord } from '../../store/labels.ts';
import { canReadIssuesOf, issueView, userOrGhost, type IssueView } from './view.ts';
import { milestoneView, type MilestoneView } from './milestones.ts';
import { NotFoundError } from '../../lib/errors.ts';

/** The repository and viewer of a timeline operation (an issue route's scope). */
interface Scope { repo: RepoRecord; doer: UserRecord | null }

export type { TimelineMeta } from '../../store/issue-comments.ts';

/** Records one event on an issue's timeline. */
export async function recordEvent(app: AppContext, repoId: number, index: number, posterId: number, type: string, meta: TimelineMeta = {}, body = ''): Promise<CommentRecord> {
  const now = new Date().toISOString();
  return commentStore.insert(app.store, (id) => ({ id, repo_id: repoId, issue_index: index, poster_id: posterId, original_author: '', body, created: now, updated: now, type, meta }));
}

/** One entry of the timeline with the records its answer shows. */
export interface TimelineEntry {
  c: CommentRecord;
  poster: UserRecord;
  label: LabelRecord | null;
  milestone: MilestoneView | null;
  oldMilestone: MilestoneView | null;
  assignee: UserRecord | null;
  refIssue: IssueView | null;
  refComment: { c: CommentRecord; poster: UserRecord; repo: RepoRecord; owner: UserRecord } | null;
  dependent: IssueView | null;
}

/** Another repository's issue as `viewer` may see it, or null (missing, or not readable). */
async function otherIssue(app: AppContext, viewer: UserRecord | null, here: RepoRecord, repoId: number, index: number): Promise<IssueView | null> {
  const repo = repoId === here.id ? here : await repoStore.getById(app.store, repoId);
  if (!repo || (repo.id !== here.id && !(await canReadIssuesOf(app, viewer, repo)))) return null;
  const owner = await userStore.getById(app.store, repo.owner_id);
  const issue = await issueStore.get(app.store, repo.id, index);
  return owner && issue ? issueView(app, repo, owner, issue) : null;
}

const milestoneOf = async (app: AppContext, id: number | undefined) => {
  const m = id ? await milestoneStore.get(app.store, id) : undefined;
  return m ? milestoneView(app, m) : null;
};

/** Loads one entry; null when the viewer may not see what it refers to (Gitea's isXRefCommentAccessible). */
async function entryOf(app: AppContext, s: Scope, c: CommentRecord): Promise<TimelineEntry | null> {
  const m = c.meta ?? {};
  const e: TimelineEntry = {
    c, poster: await userOrGhost(app, c.poster_id), label: null, milestone: null, oldMilestone: null, assignee: null, refIssue: null, refComment: null, dependent: null,
  };
  if (m.label_id) e.label = (await labelStore.get(app.store, m.label_id)) ?? null;
  e.milestone = await milestoneOf(app, m.milestone_id);
  e.oldMilestone = await milestoneOf(app, m.old_milestone_id);
  if (m.assignee_id) e.assignee = await userOrGhost(app, m.assignee_id);
  if (m.ref_repo_id && m.ref_issue_index) {
    e.refIssue = await otherIssue(app, s.doer, s.repo, m.ref_repo_id, m.ref_issue_index);
    if (!e.refIssue) return null;
    const rc = m.ref_comment_id ? await commentStore.get(app.store, m.ref_comment_id) : undefined;
    // A reference from a comment that is gone shows nothing of it (Gitea drops the entry).
    if (m.ref_comment_id && !rc) return null;
    if (rc) e.refComment = { c: rc, poster: await userOrGhost(app, rc.poster_id), repo: e.refIssue.repo, owner: e.refIssue.owner };
  }
  if (m.dep_repo_id && m.dep_index) {
    e.dependent = await otherIssue(app, s.doer, s.repo, m.dep_repo_id, m.dep_index);
    if (!e.dependent) return null;
  }
  if (c.type === 'label' && !e.label) return null;
  return e;
}

/** One page of the issue's comments and events, oldest first, filtered by update time, as the viewer may see them. */
export async function timeline(app: AppContext, s: Scope, index: number, f: { since?: string | undefined; before?: string | undefined }, page: number, limit: number): Promise<{ rows: TimelineEntry[]; total: number }> {
  if (!Number.isInteger(index) || !(await issueStore.get(app.store, s.repo.id, index))) throw new NotFoundError('issue does not exist');
  const since = f.since ? new Date(f.since).toISOString() : undefined;
  const before = f.before ? new Date(f.before).toISOString() : undefined;
  const all = (await commentStore.listTimeline(app.store, s.repo.id, index)).filter((c) => (!since || c.updated >= since) && (!before || c.updated <= before));
  const shown: TimelineEntry[] = [];
  for (const c of all.sort((a, b) => a.created.localeCompare(b.created) || a.id - b.id)) {
    const e = await entryOf(app, s, c);
    if (e) shown.push(e);
  }
  const start = limit > 0 ? (Math.max(1, page) - 1) * limit : 0;
  return { rows: limit > 0 ? shown.slice(start, start + limit) : shown, total: shown.length };
}

/** Records the events of an edit: title, milestone, assignees, labels (Gitea's comment types). */
export async function recordChanges(app: AppContext, s: Scope, before: IssueRecord, after: IssueRecord): Promise<void> {
  const doer = s.doer!.id;
  const at = (type: string, meta: TimelineMeta, body = '') => recordEvent(app, s.repo.id, after.index, doer, type, meta, body);
  if (before.title !== after.title) await at('change_title', { old_title: before.title, new_title: after.title });
  if (before.milestone_id !== after.milestone_id) await at('milestone', { milestone_id: after.milestone_id, old_milestone_id: before.milestone_id });
  for (const id of after.assignee_ids) if (!before.assignee_ids.includes(id)) await at('assignees', { assignee_id: id, removed_assignee: false });
  for (const id of before.assignee_ids) if (!after.assignee_ids.includes(id)) await at('assignees', { assignee_id: id, removed_assignee: true });
  for (const id of after.label_ids) if (!before.label_ids.includes(id)) await at('label', { label_id: id }, '1');
  for (const id of before.label_ids) if (!after.label_ids.includes(id)) await at('label', { label_id: id }, '');
  if (before.deadline !== after.deadline) {
    const day = (d: number) => new Date(d * 1000).toISOString().slice(0, 10);
    const type = !before.deadline ? 'added_deadline' : !after.deadline ? 'removed_deadline' : 'modified_deadline';
    await at(type, {}, [after.deadline ? day(after.deadline) : '', before.deadline ? day(before.deadline) : ''].filter(Boolean).join('|'));
  }
}

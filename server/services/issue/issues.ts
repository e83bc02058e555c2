/**
 * Issues of a repository: create, read, list, edit, close and reopen, assignees and deadlines. Labels,
 * milestones and assignees are set by writers only (Gitea drops them silently for others); the poster may edit
 * the title and body of their own issue and close or reopen it.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as issueStore from '../../store/issues.ts';
import * as userStore from '../../store/users.ts';
import type { IssueRecord, IssueQuery } from '../../store/issues.ts';
import type { IssueHookKind } from '../events/domain.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { Permission } from '../permission/permissions.ts';
import { addLabels, assertNoScopeClash, availableLabels, resolveLabels } from './labels.ts';
import { getMilestone } from './milestones.ts';
import { canWriteIssues } from './view.ts';
import { canBeAssigned } from './assignees.ts';
import { mentionedUsers } from './mentions.ts';
import { assertNoOpenBlockers } from './dependency-rules.ts';
import { recordChanges, recordEvent } from './timeline.ts';
import { recordReferences } from './references.ts';

export type { IssueRecord } from '../../store/issues.ts';

/** The repository an issue operation acts on, as the route guard loaded it. */
export interface IssueScope { repo: RepoRecord; owner: UserRecord; perm: Permission; doer: UserRecord | null }

export interface IssueFields {
  title?: string | undefined; body?: string | undefined; ref?: string | undefined;
  assignee?: string | undefined; assignees?: string[] | undefined; milestone?: number | null | undefined;
  labels?: number[] | undefined; due_date?: string | null | undefined; unset_due_date?: boolean | undefined;
  closed?: boolean | undefined; state?: 'open' | 'closed' | undefined;
}

/** Publishes that `assigneeId` was assigned to the issue, or unassigned (Gitea's IssueChangeAssignee). */
function notifyAssignee(app: AppContext, s: IssueScope, issue: IssueRecord, assigneeId: number, removed: boolean): Promise<void> {
  return app.bus.publish('issue.changed', { repo: s.repo, owner: s.owner, doer: s.doer!, issue, kind: 'issue_assign', action: removed ? 'unassigned' : 'assigned', assigneeId });
}

/** Publishes an issue change on the bus (webhooks and other features listen). */
export function notify(app: AppContext, s: IssueScope, issue: IssueRecord, kind: IssueHookKind, action: string, changes?: Record<string, { from: string }>, commitId?: string): Promise<void> {
  return app.bus.publish('issue.changed', { repo: s.repo, owner: s.owner, doer: s.doer!, issue, kind, action, ...(changes ? { changes } : {}), ...(commitId ? { commitId } : {}) });
}

/** The issue (or pull request) with this index, or 404. */
export async function getIssue(app: AppContext, repoId: number, index: number): Promise<IssueRecord> {
  const r = Number.isInteger(index) && index > 0 ? await issueStore.get(app.store, repoId, index) : undefined;
  if (!r) throw new NotFoundError('issue does not exist');
  return r;
}

const dueOf = (d: string | null | undefined): number => (d ? Math.floor(new Date(d).getTime() / 1000) : 0);

/** Users named as assignees: each must exist and be able to write issues of the repository (Gitea's CanBeAssigned). */
async function resolveAssignees(app: AppContext, s: IssueScope, names: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const name of names) {
    if (!name) continue;
    const u = await userStore.getByName(app.store, name);
    if (!u) throw new ValidationError(`user does not exist [name: ${name}]`);
    if (!(await canBeAssigned(app, s.repo, s.owner, u))) throw new ValidationError(`user [${name}] can not be assigned to this issue`);
    if (!ids.includes(u.id)) ids.push(u.id);
  }
  return ids;
}

const assigneeNames = (f: IssueFields): string[] | undefined =>
  f.assignees !== undefined || f.assignee !== undefined ? [...(f.assignees ?? []), ...(f.assignee ? [f.assignee] : [])] : undefined;

/** What a pull request's creation adds: the issue is one, and its pull part is stored before anyone hears of it. */
export interface PullPart { isPull: true; attach: (issue: IssueRecord) => Promise<void> }

/** Creates an issue; labels, milestone, assignees and deadline only when the doer may write issues. */
export async function createIssue(app: AppContext, s: IssueScope, f: IssueFields & { title: string }, pull?: PullPart): Promise<IssueRecord> {
  const writer = canWriteIssues(s.perm);
  const labels = writer && f.labels?.length ? await resolveLabels(app, s.repo, s.owner, f.labels) : [];
  assertNoScopeClash(labels);
  const milestone = writer && f.milestone ? (await getMilestone(app, s.repo.id, f.milestone)).id : 0;
  const names = writer ? assigneeNames(f) : undefined;
  const assignees = names ? await resolveAssignees(app, s, names) : [];
  const content = f.body ?? '';
  const mentioned = await mentionedUsers(app, s.repo, s.owner, `${f.title} ${content}`, s.doer!.id);
  const now = new Date().toISOString();
  let issue = await issueStore.insert(app.store, s.repo.id, () => ({
    poster_id: s.doer!.id, original_author: '', title: f.title, content, is_closed: false, is_pull: !!pull, is_locked: false, pin_order: 0,
    milestone_id: milestone, priority: 0, label_ids: labels.map((l) => l.id), assignee_ids: assignees, mentioned_ids: mentioned,
    num_comments: 0, ref: f.ref ?? '', deadline: writer ? dueOf(f.due_date) : 0, created: now, updated: now, closed_at: null,
  }));
  if (pull) await pull.attach(issue);
  await notify(app, s, issue, 'issues', 'opened');
  await recordReferences(app, s, issue, `${issue.title} ${issue.content}`);
  for (const id of assignees) await notifyAssignee(app, s, issue, id, false);
  if (f.closed) issue = await setState(app, s, issue, 'closed');
  return issue;
}

/** Closes or reopens (`commitId`: by that commit); an issue with open blockers cannot be closed (Gitea's rule). */
export async function setState(app: AppContext, s: IssueScope, issue: IssueRecord, state: 'open' | 'closed', commitId = ''): Promise<IssueRecord> {
  if ((state === 'closed') === issue.is_closed) return issue;
  if (state === 'closed') await assertNoOpenBlockers(app, issue);
  const now = new Date().toISOString();
  const out = await issueStore.update(app.store, s.repo.id, issue.index, (r) => {
    r.is_closed = state === 'closed';
    r.closed_at = r.is_closed ? now : null;
    r.updated = now;
  });
  if (!out) throw new NotFoundError('issue does not exist');
  await recordEvent(app, s.repo.id, out.index, s.doer!.id, state === 'closed' ? 'close' : 'reopen', commitId ? { commit_sha: commitId } : {});
  await notify(app, s, out, 'issues', state === 'closed' ? 'closed' : 'reopened', undefined, commitId);
  return out;
}

/** Checks the doer may edit the issue at all: its poster or a writer (Gitea's 403 otherwise). */
export function assertCanEdit(s: IssueScope, issue: IssueRecord): void {
  if (!s.doer || (issue.poster_id !== s.doer.id && !canWriteIssues(s.perm))) throw new ForbiddenError('user is not the poster and cannot write issues');
}

/** Edits an issue (Gitea's PATCH): title, body, ref by the poster or a writer; the rest by writers only. */
export async function editIssue(app: AppContext, s: IssueScope, index: number, f: IssueFields): Promise<IssueRecord> {
  let issue = await getIssue(app, s.repo.id, index);
  assertCanEdit(s, issue);
  const writer = canWriteIssues(s.perm);
  const names = writer ? assigneeNames(f) : undefined;
  const assignees = names ? await resolveAssignees(app, s, names) : undefined;
  const milestone = writer && f.milestone !== undefined ? (f.milestone ? (await getMilestone(app, s.repo.id, f.milestone)).id : 0) : undefined;
  const before = issue;
  const text = `${f.title ?? issue.title} ${f.body ?? issue.content}`;
  const mentioned = f.title !== undefined || f.body !== undefined ? await mentionedUsers(app, s.repo, s.owner, text, issue.poster_id) : undefined;
  const now = new Date().toISOString();
  issue = (await issueStore.update(app.store, s.repo.id, index, (r) => {
    if (f.title !== undefined) r.title = f.title;
    if (f.body !== undefined) r.content = f.body;
    if (f.ref !== undefined) r.ref = f.ref;
    if (mentioned) r.mentioned_ids = [...new Set([...r.mentioned_ids, ...mentioned])];
    if (assignees) r.assignee_ids = assignees;
    if (milestone !== undefined) r.milestone_id = milestone;
    if (writer && (f.unset_due_date || f.due_date === null)) r.deadline = 0;
    else if (writer && f.due_date) r.deadline = dueOf(f.due_date);
    r.updated = now;
  }))!;
  await recordChanges(app, s, before, issue);
  if (issue.title !== before.title || issue.content !== before.content) await recordReferences(app, s, issue, `${issue.title} ${issue.content}`);
  const changes: Record<string, { from: string }> = {};
  if (issue.title !== before.title) changes.title = { from: before.title };
  if (issue.content !== before.content) changes.body = { from: before.content };
  if (Object.keys(changes).length) await notify(app, s, issue, 'issues', 'edited', changes);
  for (const id of issue.assignee_ids) if (!before.assignee_ids.includes(id)) await notifyAssignee(app, s, issue, id, false);
  for (const id of before.assignee_ids) if (!issue.assignee_ids.includes(id)) await notifyAssignee(app, s, issue, id, true);
  if (issue.milestone_id !== before.milestone_id) await notify(app, s, issue, 'issue_milestone', issue.milestone_id ? 'milestoned' : 'demilestoned');
  if (f.state) issue = await setState(app, s, issue, f.state);
  return issue;
}

/** Sets or clears the deadline (writers only). */
export async function setDeadline(app: AppContext, s: IssueScope, index: number, due: string | null): Promise<IssueRecord> {
  if (!canWriteIssues(s.perm)) throw new ForbiddenError('user cannot write issues');
  const before = await getIssue(app, s.repo.id, index);
  const out = (await issueStore.update(app.store, s.repo.id, index, (r) => { r.deadline = dueOf(due); r.updated = new Date().toISOString(); }))!;
  await recordChanges(app, s, before, out);
  return out;
}

/** Adds or removes assignees by name (writers only). */
export async function changeAssignees(app: AppContext, s: IssueScope, index: number, names: string[], add: boolean): Promise<IssueRecord> {
  if (!canWriteIssues(s.perm)) throw new ForbiddenError('user cannot write issues');
  const issue = await getIssue(app, s.repo.id, index);
  const ids = add ? await resolveAssignees(app, s, names) : (await Promise.all(names.map((n) => userStore.getByName(app.store, n)))).filter((u) => !!u).map((u) => u.id);
  const next = add ? [...new Set([...issue.assignee_ids, ...ids])] : issue.assignee_ids.filter((id) => !ids.includes(id));
  const out = (await issueStore.update(app.store, s.repo.id, index, (r) => { r.assignee_ids = next; r.updated = new Date().toISOString(); }))!;
  await recordChanges(app, s, issue, out);
  for (const id of next) if (!issue.assignee_ids.includes(id)) await notifyAssignee(app, s, out, id, false);
  for (const id of issue.assignee_ids) if (!next.includes(id)) await notifyAssignee(app, s, out, id, true);
  return out;
}

/** Changes an issue's labels: `add` (adding replaces same-scope exclusive labels), `replace`, `remove` one, `clear`. */
export async function changeLabels(app: AppContext, s: IssueScope, index: number, op: 'add' | 'replace' | 'remove' | 'clear', refs: (number | string)[] = []): Promise<IssueRecord> {
  if (!canWriteIssues(s.perm)) throw new ForbiddenError('user cannot write issues');
  const issue = await getIssue(app, s.repo.id, index);
  const given = op === 'add' || op === 'replace' ? await resolveLabels(app, s.repo, s.owner, refs) : [];
  assertNoScopeClash(given);
  const all = new Map((await availableLabels(app, s.repo, s.owner)).map((l) => [l.id, l]));
  const removeId = op === 'remove' ? Number(refs[0]) : NaN;
  if (op === 'remove' && !all.has(removeId)) throw new ValidationError('label does not exist');
  const out = (await issueStore.update(app.store, s.repo.id, index, (r) => {
    const current = r.label_ids.map((id) => all.get(id)).filter((l) => !!l);
    if (op === 'add') r.label_ids = addLabels(current, given);
    else if (op === 'replace') r.label_ids = given.map((l) => l.id);
    else if (op === 'remove') r.label_ids = r.label_ids.filter((id) => id !== removeId);
    else r.label_ids = [];
    r.updated = new Date().toISOString();
  }))!;
  await recordChanges(app, s, issue, out);
  const changed = out.label_ids.join() !== issue.label_ids.join();
  if (changed) await notify(app, s, out, 'issue_label', out.label_ids.length || op !== 'clear' ? 'label_updated' : 'label_cleared');
  return out;
}

/** One page of a repository's issues (or a text search in it) with the total. */
export async function listIssues(app: AppContext, repoId: number, q: IssueQuery, text?: string): Promise<{ rows: IssueRecord[]; total: number }> {
  return text ? issueStore.search(app.store, [repoId], text, { ...q, state: q.state ?? 'open' }) : issueStore.list(app.store, repoId, q);
}

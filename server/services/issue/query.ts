/**
 * Gitea's issue list filters from request values (label names, milestone names or ids, user names) to store
 * queries, for one repository's list and for the search across the repositories a viewer may see.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as issueStore from '../../store/issues.ts';
import * as repoStore from '../../store/repos.ts';
import * as userStore from '../../store/users.ts';
import type { IssueQuery, IssueRecord } from '../../store/issues.ts';
import { availableLabels } from './labels.ts';
import { listMilestones } from './milestones.ts';
import { atLeast, repoPermission, unitMode } from '../permission/permissions.ts';

/** The request's filters, as Gitea names them. */
export interface IssueFilter {
  state?: 'open' | 'closed' | 'all' | undefined;
  labels?: string | undefined;
  q?: string | undefined;
  type?: 'issues' | 'pulls' | undefined;
  milestones?: string | undefined;
  since?: string | undefined;
  before?: string | undefined;
  created_by?: string | undefined;
  assigned_by?: string | undefined;
  mentioned_by?: string | undefined;
}

/** Matches nothing (an unknown name in a filter). */
const NONE = -1;

const split = (s: string | undefined): string[] => (s ?? '').split(',').map((x) => x.trim()).filter(Boolean);

async function userId(app: AppContext, name: string | undefined): Promise<number | undefined> {
  if (!name) return undefined;
  return (await userStore.getByName(app.store, name))?.id ?? NONE;
}

/** The store query of a filter in one repository (paging included). */
export async function storeQuery(app: AppContext, repo: RepoRecord, owner: UserRecord, f: IssueFilter, page: number, limit: number): Promise<IssueQuery> {
  const q: IssueQuery = { state: f.state ?? 'open', page, limit };
  if (f.type) q.isPull = f.type === 'pulls';
  const labelNames = split(f.labels);
  if (labelNames.length) {
    const all = await availableLabels(app, repo, owner);
    q.labelIds = labelNames.map((n) => all.find((l) => l.name === n)?.id ?? NONE);
  }
  const ms = split(f.milestones);
  if (ms.length) {
    const all = await listMilestones(app, repo.id, 'all');
    q.milestoneIds = ms.map((m) => all.find((x) => x.title === m)?.id ?? (/^\d+$/.test(m) ? Number(m) : NONE));
  }
  if (f.since) q.updatedSince = new Date(f.since).toISOString();
  if (f.before) q.updatedBefore = new Date(f.before).toISOString();
  q.posterId = await userId(app, f.created_by);
  q.assigneeId = await userId(app, f.assigned_by);
  q.mentionedId = await userId(app, f.mentioned_by);
  return q;
}

/** A page of the repository's issues matching the filter (text search when `q` is given) and the total. */
export async function findIssues(app: AppContext, repo: RepoRecord, owner: UserRecord, f: IssueFilter, page: number, limit: number) {
  const q = await storeQuery(app, repo, owner, f, page, limit);
  return f.q ? issueStore.search(app.store, [repo.id], f.q, q) : issueStore.list(app.store, repo.id, q);
}

/** The repositories with issues that `viewer` may read (optionally of one owner). */
export async function readableIssueRepos(app: AppContext, viewer: UserRecord | null, ownerId?: number): Promise<RepoRecord[]> {
  const out: RepoRecord[] = [];
  for (const r of await repoStore.list(app.store, (x) => x.units.has_issues && (ownerId === undefined || x.owner_id === ownerId))) {
    if (atLeast(unitMode(await repoPermission(app, viewer, r), 'repo.issues'), 'read')) out.push(r);
  }
  return out;
}

export interface SearchFilter extends IssueFilter { owner?: string | undefined; assigned?: boolean; created?: boolean; mentioned?: boolean }

/** Gitea's /repos/issues/search: issues of every repository the viewer may read, newest first (with `q` too, as Gitea). */
export async function searchIssues(app: AppContext, viewer: UserRecord | null, f: SearchFilter, page: number, limit: number): Promise<{ rows: IssueRecord[]; total: number }> {
  let ownerId: number | undefined;
  if (f.owner) ownerId = (await userStore.getByName(app.store, f.owner))?.id ?? NONE;
  const repos = await readableIssueRepos(app, viewer, ownerId);
  const mine: Partial<IssueFilter> = {};
  if (viewer && f.assigned) mine.assigned_by = viewer.name;
  if (viewer && f.created) mine.created_by = viewer.name;
  if (viewer && f.mentioned) mine.mentioned_by = viewer.name;
  // Each repository gives at most the rows up to the end of the asked page, and its count.
  const merged: IssueRecord[] = [];
  let total = 0;
  for (const r of repos) {
    const owner = (await userStore.getById(app.store, r.owner_id))!;
    const q = await storeQuery(app, r, owner, { ...f, ...mine }, 1, page * limit);
    const found = f.q ? await issueStore.search(app.store, [r.id], f.q, q) : await issueStore.list(app.store, r.id, q);
    merged.push(...found.rows);
    total += found.total;
  }
  merged.sort((a, b) => (a.created < b.created ? 1 : a.created > b.created ? -1 : b.id - a.id));
  return { rows: merged.slice((page - 1) * limit, page * limit), total };
}

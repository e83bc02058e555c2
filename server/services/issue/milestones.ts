/** Milestones of a repository, with their open and closed issue counts. */
import type { AppContext } from '../context.ts';
import * as milestoneStore from '../../store/milestones.ts';
import * as issueStore from '../../store/issues.ts';
import type { MilestoneRecord } from '../../store/milestones.ts';
import { NotFoundError } from '../../lib/errors.ts';

export type { MilestoneRecord } from '../../store/milestones.ts';

/** A milestone with its counts. */
export interface MilestoneView { m: MilestoneRecord; open: number; closed: number }

export interface MilestoneFields { title?: string | undefined; description?: string | undefined; due_on?: string | null | undefined; state?: 'open' | 'closed' | undefined }

/** The milestone with its open and closed issue counts. */
export async function milestoneView(app: AppContext, m: MilestoneRecord): Promise<MilestoneView> {
  const count = async (state: 'open' | 'closed') => (await issueStore.list(app.store, m.repo_id, { state, isPull: false, milestoneId: m.id, limit: 1 })).total;
  return { m, open: await count('open'), closed: await count('closed') };
}

/** A repository's milestones in a state (default open), optionally by name, oldest first. */
export async function listMilestones(app: AppContext, repoId: number, state: 'open' | 'closed' | 'all' = 'open', name?: string): Promise<MilestoneRecord[]> {
  return (await milestoneStore.listByRepo(app.store, repoId))
    .filter((m) => state === 'all' || m.is_closed === (state === 'closed'))
    .filter((m) => !name || m.title.toLowerCase().includes(name.toLowerCase()));
}

/** A milestone of the repository by id or, as Gitea allows, by title; 404 otherwise. */
export async function getMilestone(app: AppContext, repoId: number, ref: string | number): Promise<MilestoneRecord> {
  const n = typeof ref === 'number' ? ref : /^\d+$/.test(ref) ? Number(ref) : NaN;
  let m = Number.isFinite(n) ? await milestoneStore.get(app.store, n) : undefined;
  if (m && m.repo_id !== repoId) m = undefined;
  if (!m && typeof ref === 'string') m = (await milestoneStore.listByRepo(app.store, repoId)).find((x) => x.title === ref);
  if (!m) throw new NotFoundError('milestone does not exist');
  return m;
}

function apply(r: MilestoneRecord, f: MilestoneFields, now: string): void {
  if (f.title !== undefined) r.title = f.title;
  if (f.description !== undefined) r.description = f.description;
  if (f.due_on !== undefined) r.due_on = f.due_on === null ? null : new Date(f.due_on).toISOString();
  if (f.state !== undefined && (f.state === 'closed') !== r.is_closed) {
    r.is_closed = f.state === 'closed';
    r.closed_at = r.is_closed ? now : null;
  }
  r.updated = now;
}

/** Creates a milestone. */
export function createMilestone(app: AppContext, repoId: number, f: MilestoneFields & { title: string }): Promise<MilestoneRecord> {
  const now = new Date().toISOString();
  return milestoneStore.insert(app.store, (id) => {
    const r: MilestoneRecord = { id, repo_id: repoId, title: f.title, description: '', is_closed: false, due_on: null, created: now, updated: now, closed_at: null };
    apply(r, f, now);
    return r;
  });
}

/** Edits a milestone (fields given only); closing sets closed_at. */
export async function editMilestone(app: AppContext, repoId: number, ref: string, f: MilestoneFields): Promise<MilestoneRecord> {
  const m = await getMilestone(app, repoId, ref);
  const now = new Date().toISOString();
  const out = await milestoneStore.update(app.store, m.id, (r) => apply(r, f, now));
  if (!out) throw new NotFoundError('milestone does not exist');
  return out;
}

/** Deletes a milestone and clears it from its issues. */
export async function deleteMilestone(app: AppContext, repoId: number, ref: string): Promise<void> {
  const m = await getMilestone(app, repoId, ref);
  const { rows } = await issueStore.list(app.store, repoId, { state: 'all', milestoneId: m.id });
  for (const r of rows) await issueStore.update(app.store, repoId, r.index, (x) => { x.milestone_id = 0; });
  await milestoneStore.remove(app.store, m.id);
}

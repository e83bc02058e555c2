/**
 * Labels of repositories and organizations, and the exclusive-label rule: an exclusive label's scope is the
 * text before the last `/` of its name (Gitea's ExclusiveScope). Two exclusive labels of one scope never sit
 * on one issue: a request naming two is refused (422, nothing changed); adding one replaces the other.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as labelStore from '../../store/labels.ts';
import * as issueStore from '../../store/issues.ts';
import * as repoStore from '../../store/repos.ts';
import type { LabelRecord } from '../../store/labels.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';

export type { LabelRecord } from '../../store/labels.ts';

/** Where a label lives: a repository or an organization. */
export type LabelOwner = { repoId: number; orgId?: undefined } | { orgId: number; repoId?: undefined };

export interface LabelFields { name?: string | undefined; color?: string | undefined; description?: string | undefined; exclusive?: boolean | undefined; is_archived?: boolean | undefined }

/** Gitea's ExclusiveScope: '' unless exclusive; the name up to its last `/` ('' when `/` is first, last or absent). */
export function exclusiveScope(l: Pick<LabelRecord, 'name' | 'exclusive'>): string {
  if (!l.exclusive) return '';
  const i = l.name.lastIndexOf('/');
  return i <= 0 || i === l.name.length - 1 ? '' : l.name.slice(0, i);
}

/** Refuses (422) a set of labels holding two exclusive labels of one scope. */
export function assertNoScopeClash(labels: LabelRecord[]): void {
  const seen = new Map<string, string>();
  for (const l of labels) {
    const scope = exclusiveScope(l);
    if (!scope) continue;
    const other = seen.get(scope);
    if (other !== undefined && other !== l.name) throw new ValidationError(`labels "${other}" and "${l.name}" are exclusive in scope "${scope}"`);
    seen.set(scope, l.name);
  }
}

/** The label ids after adding `adding` to `current`: a current label sharing an added exclusive label's scope goes. */
export function addLabels(current: LabelRecord[], adding: LabelRecord[]): number[] {
  assertNoScopeClash(adding);
  const scopes = new Set(adding.map(exclusiveScope).filter(Boolean));
  const kept = current.filter((l) => !scopes.has(exclusiveScope(l)) || adding.some((a) => a.id === l.id));
  return [...new Set([...kept, ...adding].map((l) => l.id))];
}

/** Normalises a colour to `#rrggbb`, lower case (Gitea's NormalizeColor). */
export function normaliseColor(c: string): string {
  let hex = c.replace(/^#/, '').toLowerCase();
  if (hex.length === 3) hex = [...hex].map((x) => x + x).join('');
  return `#${hex}`;
}

/** The labels an issue of `repo` may carry: the repository's and, for an organization's repository, the organization's. */
export async function availableLabels(app: AppContext, repo: RepoRecord, owner: UserRecord): Promise<LabelRecord[]> {
  const own = await labelStore.listByRepo(app.store, repo.id);
  return owner.type === 'organization' ? [...own, ...(await labelStore.listByOrg(app.store, owner.id))] : own;
}

/** Resolves label ids or names of a request against the labels `repo` may use; an unknown one is a 422. */
export async function resolveLabels(app: AppContext, repo: RepoRecord, owner: UserRecord, refs: (number | string)[]): Promise<LabelRecord[]> {
  const all = await availableLabels(app, repo, owner);
  const out: LabelRecord[] = [];
  for (const ref of refs) {
    const l = typeof ref === 'number' ? all.find((x) => x.id === ref) : all.find((x) => x.name === ref) ?? all.find((x) => String(x.id) === ref);
    if (!l) throw new ValidationError(`label does not exist [label: ${ref}]`);
    if (!out.includes(l)) out.push(l);
  }
  return out;
}

/** The labels with these ids, in id order. */
export const labelsByIds = async (app: AppContext, ids: number[]): Promise<LabelRecord[]> =>
  (await labelStore.getMany(app.store, [...ids].sort((a, b) => a - b)));

/** The labels of a repository or an organization, by id. */
export const listLabels = (app: AppContext, where: LabelOwner): Promise<LabelRecord[]> =>
  where.repoId !== undefined ? labelStore.listByRepo(app.store, where.repoId) : labelStore.listByOrg(app.store, where.orgId);

/** One label of a repository or an organization, or 404. */
export async function getLabel(app: AppContext, where: LabelOwner, id: number): Promise<LabelRecord> {
  const l = Number.isInteger(id) ? await labelStore.get(app.store, id) : undefined;
  if (!l || (where.repoId !== undefined ? l.repo_id !== where.repoId : l.org_id !== where.orgId)) throw new NotFoundError('label does not exist');
  return l;
}

/** Creates a label. */
export function createLabel(app: AppContext, where: LabelOwner, f: Required<Pick<LabelFields, 'name' | 'color'>> & LabelFields): Promise<LabelRecord> {
  const now = new Date().toISOString();
  return labelStore.insert(app.store, (id) => ({
    id, repo_id: where.repoId ?? 0, org_id: where.orgId ?? 0, name: f.name, color: normaliseColor(f.color), description: f.description ?? '',
    exclusive: f.exclusive ?? false, is_archived: f.is_archived ?? false, created: now, updated: now,
  }));
}

/** Edits a label (fields given only). */
export async function editLabel(app: AppContext, where: LabelOwner, id: number, f: LabelFields): Promise<LabelRecord> {
  const was = await getLabel(app, where, id);
  await assertEditKeepsScopes(app, where, { ...was, name: f.name ?? was.name, exclusive: f.exclusive ?? was.exclusive });
  const l = await labelStore.update(app.store, id, (r) => {
    if (f.name !== undefined) r.name = f.name;
    if (f.color !== undefined) r.color = normaliseColor(f.color);
    if (f.description !== undefined) r.description = f.description;
    if (f.exclusive !== undefined) r.exclusive = f.exclusive;
    if (f.is_archived !== undefined) r.is_archived = f.is_archived;
    r.updated = new Date().toISOString();
  });
  if (!l) throw new NotFoundError('label does not exist');
  return l;
}

const reposOf = async (app: AppContext, where: LabelOwner): Promise<number[]> =>
  where.repoId !== undefined ? [where.repoId] : (await repoStore.listByOwner(app.store, where.orgId)).map((r) => r.id);

/** Refuses (422) a label edit (a rename into a scope, or turning exclusive) that would put two exclusive labels of one scope on an issue. */
async function assertEditKeepsScopes(app: AppContext, where: LabelOwner, next: LabelRecord): Promise<void> {
  if (!exclusiveScope(next)) return;
  for (const repoId of await reposOf(app, where)) {
    const { rows } = await issueStore.list(app.store, repoId, { state: 'all', labelIds: [next.id] });
    for (const r of rows) {
      const others = (await labelStore.getMany(app.store, r.label_ids)).filter((l) => l.id !== next.id);
      assertNoScopeClash([...others, next]);
    }
  }
}

/** Deletes a label and takes it off the issues that carry it (every repository of an organization for its labels). */
export async function deleteLabel(app: AppContext, where: LabelOwner, id: number): Promise<void> {
  await getLabel(app, where, id);
  const repoIds = await reposOf(app, where);
  for (const repoId of repoIds) {
    const { rows } = await issueStore.list(app.store, repoId, { state: 'all', labelIds: [id] });
    for (const r of rows) await issueStore.update(app.store, repoId, r.index, (x) => { x.label_ids = x.label_ids.filter((l) => l !== id); });
  }
  await labelStore.remove(app.store, id);
}

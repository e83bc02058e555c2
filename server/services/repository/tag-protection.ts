/**
 * Tag protection (Gitea's models/git/protected_tag.go): a rule's glob names tags that only the users and teams on
 * its allow list may create, move or delete; a tag matched by several rules is allowed when any of them allows
 * the user. Enforced at the pre-receive point, so pushes, API tag writes and releases that make tags all obey it.
 * Gitea also takes `/regex/` patterns; they are refused here (422), because a JavaScript regular expression can
 * backtrack for seconds on a hostile pattern and stall the host, while the glob matcher is linear.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as tagRuleStore from '../../store/protected-tags.ts';
import * as userStore from '../../store/users.ts';
import * as teamStore from '../../store/teams.ts';
import type { ProtectedTagRecord } from '../../store/protected-tags.ts';
import { compileGlob, globProblem } from '../../lib/glob.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';

export type { ProtectedTagRecord } from '../../store/protected-tags.ts';

/** The fields of a create or edit (Gitea's CreateTagProtectionOption / EditTagProtectionOption). */
export interface TagRuleFields {
  name_pattern?: string | undefined;
  whitelist_usernames?: string[] | undefined;
  whitelist_teams?: string[] | undefined;
}

function checkPattern(p: string): string {
  const pattern = p.trim();
  if (!pattern) throw new ValidationError('name_pattern are empty');
  if (pattern.length > 1 && pattern.startsWith('/') && pattern.endsWith('/')) {
    throw new ValidationError('name_pattern: regular-expression patterns are not supported here, use a glob', [{ field: 'name_pattern', code: 'invalid_format', message: 'use a glob' }]);
  }
  const problem = globProblem(pattern);
  if (problem) throw new ValidationError(`name_pattern: ${problem}`, [{ field: 'name_pattern', code: 'invalid_format', message: problem }]);
  return pattern;
}

async function userIds(app: AppContext, names: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const n of names) {
    const u = await userStore.getByName(app.store, n);
    if (!u || u.type !== 'individual') throw new ValidationError(`user does not exist [name: ${n}]`);
    ids.push(u.id);
  }
  return [...new Set(ids)];
}

async function teamIds(app: AppContext, owner: UserRecord, names: string[]): Promise<number[]> {
  if (owner.type !== 'organization') return [];
  const ids: number[] = [];
  for (const n of names) {
    const t = await teamStore.getByName(app.store, owner.id, n);
    if (!t) throw new ValidationError(`team does not exist [name: ${n}]`);
    ids.push(t.id);
  }
  return [...new Set(ids)];
}

/** A repository's rules, by id. */
export const listTagRules = (app: AppContext, repo: RepoRecord): Promise<ProtectedTagRecord[]> => tagRuleStore.listByRepo(app.store, repo.id);

/** One rule of the repository; 404 otherwise. */
export async function getTagRule(app: AppContext, repo: RepoRecord, id: number): Promise<ProtectedTagRecord> {
  const r = Number.isSafeInteger(id) ? await tagRuleStore.get(app.store, id) : undefined;
  if (!r || r.repo_id !== repo.id) throw new NotFoundError(`tag protection does not exist [id: ${id}]`);
  return r;
}

/** Creates a rule; 422 for an empty or invalid pattern or an unknown user or team. */
export async function createTagRule(app: AppContext, repo: RepoRecord, owner: UserRecord, f: TagRuleFields): Promise<ProtectedTagRecord> {
  const pattern = checkPattern(f.name_pattern ?? '');
  const users = await userIds(app, f.whitelist_usernames ?? []);
  const teams = await teamIds(app, owner, f.whitelist_teams ?? []);
  const now = new Date().toISOString();
  return tagRuleStore.insert(app.store, (id) => ({ id, repo_id: repo.id, name_pattern: pattern, allowlist_user_ids: users, allowlist_team_ids: teams, created: now, updated: now }));
}

/** Edits a rule (fields given only). */
export async function editTagRule(app: AppContext, repo: RepoRecord, owner: UserRecord, id: number, f: TagRuleFields): Promise<ProtectedTagRecord> {
  await getTagRule(app, repo, id);
  const pattern = f.name_pattern !== undefined ? checkPattern(f.name_pattern) : undefined;
  const users = f.whitelist_usernames !== undefined ? await userIds(app, f.whitelist_usernames) : undefined;
  const teams = f.whitelist_teams !== undefined ? await teamIds(app, owner, f.whitelist_teams) : undefined;
  return (await tagRuleStore.update(app.store, id, (r) => {
    if (pattern !== undefined) r.name_pattern = pattern;
    if (users) r.allowlist_user_ids = users;
    if (teams) r.allowlist_team_ids = teams;
    r.updated = new Date().toISOString();
  }))!;
}

/** Deletes a rule. */
export async function deleteTagRule(app: AppContext, repo: RepoRecord, id: number): Promise<void> {
  await getTagRule(app, repo, id);
  await tagRuleStore.remove(app.store, id);
}

/** The user and team names of a rule's allow lists, for its answer. */
export async function allowListNames(app: AppContext, r: ProtectedTagRecord): Promise<{ users: string[]; teams: string[] }> {
  const users = (await Promise.all(r.allowlist_user_ids.map((id) => userStore.getById(app.store, id)))).flatMap((u) => (u ? [u.name] : []));
  const teams = (await Promise.all(r.allowlist_team_ids.map((id) => teamStore.getById(app.store, id)))).flatMap((t) => (t ? [t.name] : []));
  return { users, teams };
}

async function allows(app: AppContext, r: ProtectedTagRecord, userId: number): Promise<boolean> {
  if (r.allowlist_user_ids.includes(userId)) return true;
  for (const t of r.allowlist_team_ids) if (await teamStore.isMember(app.store, t, userId)) return true;
  return false;
}

/** Gitea's IsUserAllowedToControlTag: allowed unless a rule matches the tag, and then only when a matching rule allows the user. */
export async function mayControlTag(app: AppContext, rules: ProtectedTagRecord[], tag: string, userId: number): Promise<boolean> {
  let allowed = true;
  for (const r of rules) {
    if (!compileGlob(r.name_pattern).test(tag)) continue;
    allowed = await allows(app, r, userId);
    if (allowed) break;
  }
  return allowed;
}

/** The pre-receive check: the refusal (Gitea's "Tag x is protected") for the first tag update the doer may not make, or null. */
export async function checkTagUpdates(app: AppContext, repo: RepoRecord, doer: UserRecord | null, refs: string[]): Promise<string | null> {
  const tags = refs.filter((r) => r.startsWith('refs/tags/')).map((r) => r.slice('refs/tags/'.length));
  if (!tags.length) return null;
  const rules = await tagRuleStore.listByRepo(app.store, repo.id);
  for (const tag of tags) if (!(await mayControlTag(app, rules, tag, doer?.id ?? 0))) return `Tag ${tag} is protected`;
  return null;
}

/** Whether the repository has any rule (the hook's callback is needed then). */
export const hasTagRules = async (app: AppContext, repo: RepoRecord): Promise<boolean> => (await tagRuleStore.countByRepo(app.store, repo.id)) > 0;

/** Forgets a deleted repository's rules. */
export function subscribeTagProtection(app: AppContext): void {
  app.bus.subscribe('repo.deleted', 'tag-protection', async (e) => { await tagRuleStore.removeByRepo(app.store, e.repo.id); });
}

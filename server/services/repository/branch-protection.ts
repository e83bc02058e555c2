/**
 * Branch protection rules (Gitea's CreateBranchProtection, EditBranchProtection, DeleteBranchProtection and
 * UpdateBranchProtectionPriories): allow-lists given by name are stored as ids, keeping only the users and
 * teams that may act on the repository, as Gitea's updateUserWhitelist and updateTeamWhitelist do.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import type { ProtectedBranchRecord } from '../../store/protected-branches.ts';
import type { CreateBranchProtectionOption, EditBranchProtectionOption } from '../../structs/branch-protection.ts';
import * as protectedStore from '../../store/protected-branches.ts';
import * as userStore from '../../store/users.ts';
import * as teamStore from '../../store/teams.ts';
import { isUniqueViolation } from '../../store/engine/indexes.ts';
import { globProblem } from '../../lib/glob.ts';
import { BadRequestError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { atLeast, repoPermission, unitMode } from '../permission/permissions.ts';
import { canWriteCodeWith, isGlobRule, patternList } from './protection-rules.ts';
import { teamHasRepo } from '../org/teams.ts';

type Lists = 'whitelist' | 'force_push_allowlist' | 'merge_whitelist' | 'approvals_whitelist' | 'bypass_allowlist';

/** The option fields naming each allow-list's users and teams. */
const LISTS: { list: Lists; users: keyof EditBranchProtectionOption; teams: keyof EditBranchProtectionOption; need: 'code' | 'pulls' }[] = [
  { list: 'whitelist', users: 'push_whitelist_usernames', teams: 'push_whitelist_teams', need: 'code' },
  { list: 'force_push_allowlist', users: 'force_push_allowlist_usernames', teams: 'force_push_allowlist_teams', need: 'code' },
  { list: 'merge_whitelist', users: 'merge_whitelist_usernames', teams: 'merge_whitelist_teams', need: 'code' },
  { list: 'approvals_whitelist', users: 'approvals_whitelist_username', teams: 'approvals_whitelist_teams', need: 'pulls' },
  { list: 'bypass_allowlist', users: 'bypass_allowlist_usernames', teams: 'bypass_allowlist_teams', need: 'code' },
];

/** A repository's rules, by priority. */
export const listProtections = (app: AppContext, repo: RepoRecord): Promise<ProtectedBranchRecord[]> => protectedStore.listByRepo(app.store, repo.id);

/** The rule named exactly `name`; 404 when there is none. */
export async function getProtection(app: AppContext, repo: RepoRecord, name: string): Promise<ProtectedBranchRecord> {
  const rule = await protectedStore.getByName(app.store, repo.id, name);
  if (!rule) throw new NotFoundError();
  return rule;
}

function blank(repoId: number, ruleName: string, now: string): Omit<ProtectedBranchRecord, 'id'> {
  return {
    repo_id: repoId, rule_name: ruleName, priority: 0,
    can_push: false, enable_whitelist: false, whitelist_user_ids: [], whitelist_team_ids: [], whitelist_deploy_keys: false,
    can_force_push: false, enable_force_push_allowlist: false, force_push_allowlist_user_ids: [], force_push_allowlist_team_ids: [],
    force_push_allowlist_deploy_keys: false,
    enable_merge_whitelist: false, merge_whitelist_user_ids: [], merge_whitelist_team_ids: [],
    enable_status_check: false, status_check_contexts: [],
    enable_approvals_whitelist: false, approvals_whitelist_user_ids: [], approvals_whitelist_team_ids: [], required_approvals: 0,
    block_on_rejected_reviews: false, block_on_official_review_requests: false, block_on_outdated_branch: false,
    dismiss_stale_approvals: false, ignore_stale_approvals: false, require_signed_commits: false,
    protected_file_patterns: '', unprotected_file_patterns: '', block_admin_merge_override: false,
    enable_bypass_allowlist: false, bypass_allowlist_user_ids: [], bypass_allowlist_team_ids: [],
    created: now, updated: now,
  };
}

/** Gitea's edit semantics for the push and force-push switches: turning one off turns off its allow-list. */
function applySwitches(r: Omit<ProtectedBranchRecord, 'id'>, o: EditBranchProtectionOption): void {
  if (o.enable_push === false) Object.assign(r, { can_push: false, enable_whitelist: false, whitelist_deploy_keys: false });
  if (o.enable_push === true) {
    r.can_push = true;
    if (o.enable_push_whitelist === false) Object.assign(r, { enable_whitelist: false, whitelist_deploy_keys: false });
    if (o.enable_push_whitelist === true) {
      r.enable_whitelist = true;
      if (o.push_whitelist_deploy_keys !== undefined) r.whitelist_deploy_keys = o.push_whitelist_deploy_keys;
    }
  }
  if (o.enable_force_push === false) Object.assign(r, { can_force_push: false, enable_force_push_allowlist: false, force_push_allowlist_deploy_keys: false });
  if (o.enable_force_push === true) {
    r.can_force_push = true;
    if (o.enable_force_push_allowlist === false) Object.assign(r, { enable_force_push_allowlist: false, force_push_allowlist_deploy_keys: false });
    if (o.enable_force_push_allowlist === true) {
      r.enable_force_push_allowlist = true;
      if (o.force_push_allowlist_deploy_keys !== undefined) r.force_push_allowlist_deploy_keys = o.force_push_allowlist_deploy_keys;
    }
  }
}

const FLAGS = [
  'enable_merge_whitelist', 'enable_status_check', 'enable_approvals_whitelist', 'block_on_rejected_reviews',
  'block_on_official_review_requests', 'block_on_outdated_branch', 'dismiss_stale_approvals', 'ignore_stale_approvals',
  'require_signed_commits', 'block_admin_merge_override', 'enable_bypass_allowlist',
] as const;

function applyPlain(r: Omit<ProtectedBranchRecord, 'id'>, o: EditBranchProtectionOption): void {
  for (const f of FLAGS) if (o[f] !== undefined) r[f] = o[f];
  if (o.priority !== undefined) r.priority = o.priority;
  if (o.status_check_contexts !== undefined) r.status_check_contexts = o.status_check_contexts;
  if (o.required_approvals !== undefined && o.required_approvals >= 0) r.required_approvals = o.required_approvals;
  for (const f of ['protected_file_patterns', 'unprotected_file_patterns'] as const) {
    const v = o[f];
    if (v === undefined) continue;
    for (const p of patternList(v)) {
      const problem = globProblem(p.toLowerCase(), { separators: './' });
      if (problem) throw new ValidationError(`${f}: "${p}": ${problem}`, [{ field: f, code: 'invalid', message: `the pattern "${p}" is not a valid glob: ${problem}` }]);
    }
    r[f] = v;
  }
}

/** Gitea's GetUserIDsByNames: every name must exist (422 otherwise). */
async function userIds(app: AppContext, names: string[], field: string): Promise<number[]> {
  const ids: number[] = [];
  for (const name of names) {
    const u = await userStore.getByName(app.store, name);
    if (!u || u.type !== 'individual') throw new ValidationError(`user does not exist [uid: 0, name: ${name}]`, [{ field, code: 'invalid_value', message: `there is no user named ${name}` }]);
    ids.push(u.id);
  }
  return ids;
}

/** Gitea's GetTeamIDsByNames, for an organization's repository (a person's repository has no teams). */
async function teamIds(app: AppContext, owner: UserRecord, names: string[], field: string): Promise<number[]> {
  if (owner.type !== 'organization') return [];
  const ids: number[] = [];
  for (const name of names) {
    const t = await teamStore.getByName(app.store, owner.id, name);
    if (!t) throw new ValidationError(`team does not exist [org_id: ${owner.id}, team_id: 0, name: ${name}]`, [{ field, code: 'invalid_value', message: `the organization has no team named ${name}` }]);
    ids.push(t.id);
  }
  return ids;
}

/** Keeps the users who may act on the list's unit (write code, or read pull requests for approvals). */
async function keepUsers(app: AppContext, repo: RepoRecord, ids: number[], need: 'code' | 'pulls'): Promise<number[]> {
  const out: number[] = [];
  for (const id of new Set(ids)) {
    const u = await userStore.getById(app.store, id);
    if (!u) continue;
    const perm = await repoPermission(app, u, repo);
    const ok = need === 'code' ? canWriteCodeWith(perm) : atLeast(unitMode(perm, 'repo.pulls'), 'read');
    if (ok) out.push(id);
  }
  return out;
}

/** Keeps the teams that have the repository. */
async function keepTeams(app: AppContext, repo: RepoRecord, ids: number[]): Promise<number[]> {
  const out: number[] = [];
  for (const id of new Set(ids)) {
    const t = await teamStore.getById(app.store, id);
    if (t && (await teamHasRepo(app, t, repo))) out.push(id);
  }
  return out;
}

async function applyLists(app: AppContext, repo: RepoRecord, owner: UserRecord, r: Omit<ProtectedBranchRecord, 'id'>, o: EditBranchProtectionOption): Promise<void> {
  for (const l of LISTS) {
    const users = o[l.users] as string[] | undefined;
    const teams = o[l.teams] as string[] | undefined;
    if (users !== undefined) r[`${l.list}_user_ids`] = await keepUsers(app, repo, await userIds(app, users, l.users), l.need);
    if (teams !== undefined) r[`${l.list}_team_ids`] = await keepTeams(app, repo, await teamIds(app, owner, teams, l.teams));
  }
}

/** Creates a rule (Gitea's answers: 400 without a name, 403 when the name is taken). */
export async function createProtection(app: AppContext, repo: RepoRecord, owner: UserRecord, o: CreateBranchProtectionOption): Promise<ProtectedBranchRecord> {
  const name = (o.rule_name || o.branch_name || '').trim();
  if (!name) throw new BadRequestError('both rule_name and branch_name are empty', [{ field: 'rule_name', code: 'required', message: 'name a branch or a pattern' }]);
  if (isGlobRule(name)) {
    const problem = globProblem(name, { separators: '/' });
    if (problem) throw new ValidationError(`rule_name: ${problem}`, [{ field: 'rule_name', code: 'invalid', message: `not a valid glob: ${problem}` }]);
  }
  const taken = (): ForbiddenError => new ForbiddenError('Branch protection already exist', [{ field: 'rule_name', code: 'invalid_value', message: `there is already a rule for ${name}` }]);
  if (await protectedStore.getByName(app.store, repo.id, name)) throw taken();
  const r = blank(repo.id, name, new Date().toISOString());
  // As Gitea's create: force-pushing (and each allow-list) needs pushing on.
  applySwitches(r, { ...o, enable_force_push: o.enable_push === true ? o.enable_force_push : false });
  applyPlain(r, o);
  await applyLists(app, repo, owner, r, o);
  try {
    return await protectedStore.insert(app.store, (id) => ({ id, ...r }));
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}

/** Edits the rule named `name`: only the fields given change. */
export async function editProtection(app: AppContext, repo: RepoRecord, owner: UserRecord, name: string, o: EditBranchProtectionOption): Promise<ProtectedBranchRecord> {
  const current = await getProtection(app, repo, name);
  const r = structuredClone(current);
  applySwitches(r, o);
  applyPlain(r, o);
  await applyLists(app, repo, owner, r, o);
  r.updated = new Date().toISOString();
  const saved = await protectedStore.update(app.store, current.id, (row) => Object.assign(row, r, { id: current.id }));
  if (!saved) throw new NotFoundError();
  return saved;
}

/** Deletes the rule named `name`. */
export async function deleteProtection(app: AppContext, repo: RepoRecord, name: string): Promise<void> {
  const rule = await getProtection(app, repo, name);
  await protectedStore.remove(app.store, rule.id);
}

/** Gitea's UpdateProtectBranchPriorities: the rules with these ids get priorities 1, 2, ... in the order given. */
export async function setProtectionPriorities(app: AppContext, repo: RepoRecord, ids: number[]): Promise<void> {
  const mine = new Set((await protectedStore.listByRepo(app.store, repo.id)).map((r) => r.id));
  for (const id of ids) if (!mine.has(id)) throw new ValidationError(`protected branch ${id} does not belong to this repository`);
  if (new Set(ids).size !== ids.length) throw new ValidationError('ids: a rule is named twice');
  for (const [i, id] of ids.entries()) await protectedStore.update(app.store, id, (r) => { r.priority = i + 1; });
}

/** The names of the users and teams the rules' allow-lists hold, for their API answer. */
export async function allowListNames(app: AppContext, rules: ProtectedBranchRecord[]): Promise<{ users: Map<number, string>; teams: Map<number, string> }> {
  const userIdsOf = new Set<number>();
  const teamIdsOf = new Set<number>();
  for (const r of rules) {
    for (const l of LISTS) {
      for (const id of r[`${l.list}_user_ids`]) userIdsOf.add(id);
      for (const id of r[`${l.list}_team_ids`]) teamIdsOf.add(id);
    }
  }
  const users = new Map<number, string>();
  const teams = new Map<number, string>();
  for (const id of userIdsOf) {
    const u = await userStore.getById(app.store, id);
    if (u) users.set(id, u.name);
  }
  for (const id of teamIdsOf) {
    const t = await teamStore.getById(app.store, id);
    if (t) teams.set(id, t.name);
  }
  return { users, teams };
}

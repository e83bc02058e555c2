/**
 * Which branch protection rule governs a branch, and who it lets push, force-push, merge and approve (Gitea's
 * ProtectedBranch.Match, CanUserPush, CanUserForcePush, IsUserMergeWhitelisted, approval allow-list). Rule names
 * and file patterns are globs matched by the linear-time matcher of lib/glob.ts.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import type { ProtectedBranchRecord } from '../../store/protected-branches.ts';
import * as protectedStore from '../../store/protected-branches.ts';
import * as teamStore from '../../store/teams.ts';
import { globMatch } from '../../lib/glob.ts';
import { atLeast, repoPermission, unitMode, type Permission } from '../permission/permissions.ts';

/** Gitea's IsRuleNameSpecial: a rule name with a glob character is a pattern, any other names one branch. */
export const isGlobRule = (ruleName: string): boolean => /[*?\\[\]{}]/.test(ruleName);

/** Gitea's ProtectedBranch.Match: a plain name equals the branch (any case); a glob matches with `/` as separator. */
export function ruleMatches(ruleName: string, branch: string): boolean {
  if (!isGlobRule(ruleName)) return ruleName.toLowerCase() === branch.toLowerCase();
  return globMatch(ruleName, branch, { separators: '/', caseInsensitive: true });
}

/** The first rule (by priority, then age) of `rules` that governs `branch`. */
export const firstMatch = (rules: ProtectedBranchRecord[], branch: string): ProtectedBranchRecord | undefined =>
  rules.find((r) => ruleMatches(r.rule_name, branch));

/** The rule that governs `branch` of the repository, if any. */
export async function protectionOf(app: AppContext, repoId: number, branch: string): Promise<ProtectedBranchRecord | undefined> {
  return firstMatch(await protectedStore.listByRepo(app.store, repoId), branch);
}

/** The globs of a `;`-separated pattern list, as Gitea splits them (blank parts dropped). */
export const patternList = (text: string): string[] => text.split(';').map((p) => p.trim()).filter(Boolean);

/** Whether `path` matches one of the file globs (Gitea compiles them lower-cased with `.` and `/` as separators). */
export function fileMatches(globs: string[], path: string): boolean {
  const lower = path.toLowerCase();
  return globs.some((g) => globMatch(g.toLowerCase(), lower, { separators: './' }));
}

async function inTeams(app: AppContext, uid: number, teamIds: number[]): Promise<boolean> {
  if (teamIds.length === 0) return false;
  const mine = await teamStore.allTeamIdsOfUser(app.store, uid);
  return teamIds.some((t) => mine.has(t));
}

/** True when `perm` may write code (Gitea's CanWrite(unit.TypeCode)). */
export const canWriteCodeWith = (perm: Permission): boolean => atLeast(unitMode(perm, 'repo.code'), 'write');

/** Gitea's CanUserPush: pushing is on, and the user is on the allow-list, or has write access when there is none. */
export async function canUserPush(app: AppContext, repo: RepoRecord, rule: ProtectedBranchRecord, user: UserRecord, perm?: Permission): Promise<boolean> {
  if (!rule.can_push) return false;
  if (!rule.enable_whitelist) return canWriteCodeWith(perm ?? (await repoPermission(app, user, repo)));
  if (rule.whitelist_user_ids.includes(user.id)) return true;
  return inTeams(app, user.id, rule.whitelist_team_ids);
}

/** Gitea's CanUserForcePush: force-pushing is on, and the user is on its allow-list (or may push when it has none). */
export async function canUserForcePush(app: AppContext, repo: RepoRecord, rule: ProtectedBranchRecord, user: UserRecord, perm?: Permission): Promise<boolean> {
  if (!rule.can_force_push) return false;
  if (!rule.enable_force_push_allowlist) return canUserPush(app, repo, rule, user, perm);
  if (rule.force_push_allowlist_user_ids.includes(user.id)) return true;
  return inTeams(app, user.id, rule.force_push_allowlist_team_ids);
}

/** Gitea's IsUserMergeWhitelisted: on the merge allow-list, or able to write code when there is none. */
export async function canUserMerge(app: AppContext, repo: RepoRecord, rule: ProtectedBranchRecord, user: UserRecord, perm?: Permission): Promise<boolean> {
  if (!rule.enable_merge_whitelist) return canWriteCodeWith(perm ?? (await repoPermission(app, user, repo)));
  if (rule.merge_whitelist_user_ids.includes(user.id)) return true;
  return inTeams(app, user.id, rule.merge_whitelist_team_ids);
}

/**
 * Gitea's IsUserOfficialReviewer: whose approval counts. Without an approval allow-list, anyone who may write
 * code; with one, its users and team members.
 */
export async function isOfficialReviewer(app: AppContext, repo: RepoRecord, rule: ProtectedBranchRecord | undefined, user: UserRecord): Promise<boolean> {
  if (!rule || !rule.enable_approvals_whitelist) return canWriteCodeWith(await repoPermission(app, user, repo));
  if (rule.approvals_whitelist_user_ids.includes(user.id)) return true;
  return inTeams(app, user.id, rule.approvals_whitelist_team_ids);
}

/** What the branch API shows of a protected branch (Gitea's ToBranch with a rule). */
export interface BranchProtectionInfo {
  rule: ProtectedBranchRecord;
  userCanPush: boolean;
  userCanMerge: boolean;
  /** The rule's name is shown to repository admins only. */
  showRuleName: boolean;
}

/** For each of `branches`, its rule and what `viewer` may do there; branches without a rule are left out. */
export async function branchProtectionInfo(
  app: AppContext, repo: RepoRecord, viewer: UserRecord | null, perm: Permission, branches: string[],
): Promise<Map<string, BranchProtectionInfo>> {
  const out = new Map<string, BranchProtectionInfo>();
  const rules = await protectedStore.listByRepo(app.store, repo.id);
  if (rules.length === 0) return out;
  for (const name of branches) {
    const rule = firstMatch(rules, name);
    if (!rule) continue;
    out.set(name, {
      rule,
      userCanPush: !!viewer && (await canUserPush(app, repo, rule, viewer, perm)),
      userCanMerge: !!viewer && (await canUserMerge(app, repo, rule, viewer, perm)),
      showRuleName: atLeast(perm.mode, 'admin'),
    });
  }
  return out;
}

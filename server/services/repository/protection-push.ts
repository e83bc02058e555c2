/**
 * Branch protection at the pre-receive point, in the order of Gitea's preReceiveBranch: deletion refused,
 * force pushes refused unless allowed, signed commits, protected file patterns, then the push allow-list (with
 * the unprotected file patterns letting a push through that touches only those files). The messages are
 * Gitea's, so `git push` prints what it would print there.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import type { ProtectedBranchRecord } from '../../store/protected-branches.ts';
import type { RefUpdate } from './push.ts';
import * as protectedStore from '../../store/protected-branches.ts';
import * as repoStore from '../../store/repos.ts';
import * as refs from '../../git/refs.ts';
import { affectedFiles, isForcePush, mergeBase, newestNewCommit } from '../../git/push-check.ts';
import { canUserForcePush, canUserPush, fileMatches, firstMatch, patternList } from './protection-rules.ts';

const HEADS = 'refs/heads/';

export interface ProtectionCheckContext {
  objectEnv?: Record<string, string>;
  /** A pull request merge by the host: the merge gate has decided who may merge; only deletion and force stay refused. */
  merge?: boolean;
}

/** The files an update changes: against the old head, or for a new branch against where it left the default branch. */
async function changedFiles(gitDir: string, repo: RepoRecord, u: RefUpdate, env: Record<string, string>): Promise<string[]> {
  if (!refs.zeroId(u.oldSha)) return affectedFiles(gitDir, u.oldSha, u.newSha, env);
  const base = await refs.resolveRef(gitDir, `${HEADS}${repo.default_branch}`);
  const from = base ? await mergeBase(gitDir, base, u.newSha, env) : null;
  return affectedFiles(gitDir, from, u.newSha, env);
}

/** One branch update against its rule: the refusal message, or null. */
async function checkUpdate(
  app: AppContext, repo: RepoRecord, gitDir: string, rule: ProtectedBranchRecord, doer: UserRecord | null, u: RefUpdate, ctx: ProtectionCheckContext,
): Promise<string | null> {
  const branch = u.ref.slice(HEADS.length);
  const env = ctx.objectEnv ?? {};
  // 1. never deleted
  if (refs.zeroId(u.newSha)) return `branch ${branch} is protected from deletion`;
  // The changed files (step 4) are read while the force check runs: two git processes side by side, not in turn.
  const protectedGlobs = patternList(rule.protected_file_patterns);
  const unprotectedGlobs = patternList(rule.unprotected_file_patterns);
  const filesRead = !ctx.merge && (protectedGlobs.length || unprotectedGlobs.length) ? changedFiles(gitDir, repo, u, env) : Promise.resolve([]);
  filesRead.catch(() => undefined); // an early refusal below leaves it unread
  // 2. force pushes only where allowed
  const force = !refs.zeroId(u.oldSha) && (await isForcePush(gitDir, u.oldSha, u.newSha, env));
  if (force && !rule.can_force_push) return `branch ${branch} is protected from force push`;
  if (ctx.merge) return null;
  // 3. signed commits: no signing keys are known here, so no new commit can be verified
  if (rule.require_signed_commits) {
    const unverified = await newestNewCommit(gitDir, refs.zeroId(u.oldSha) ? null : u.oldSha, u.newSha, env);
    if (unverified) return `branch ${branch} is protected from unverified commit ${unverified}`;
  }
  // 4. protected files
  const files = await filesRead;
  const touched = protectedGlobs.length ? files.find((f) => fileMatches(protectedGlobs, f)) : undefined;
  // 5. the allow-list
  const allowed = !touched && !!doer && (force ? await canUserForcePush(app, repo, rule, doer) : await canUserPush(app, repo, rule, doer));
  if (allowed) return null;
  // 6. refused, unless every changed file is unprotected
  if (touched) return `branch ${branch} is protected from changing file ${touched.toLowerCase()}`;
  if (unprotectedGlobs.length && files.length && files.every((f) => fileMatches(unprotectedGlobs, f))) return null;
  return force ? `Not allowed to force-push to protected branch ${branch}` : `Not allowed to push to protected branch ${branch}`;
}

/** Checks every branch update of a push or API write against the repository's rules; the first refusal, or null. */
export async function checkProtectedUpdates(app: AppContext, repo: RepoRecord, doer: UserRecord | null, updates: RefUpdate[], ctx: ProtectionCheckContext): Promise<string | null> {
  const branchUpdates = updates.filter((u) => u.ref.startsWith(HEADS));
  if (branchUpdates.length === 0) return null;
  const rules = await protectedStore.listByRepo(app.store, repo.id);
  if (rules.length === 0) return null;
  const gitDir = repoStore.gitDirOf(app.store, repo);
  for (const u of branchUpdates) {
    const rule = firstMatch(rules, u.ref.slice(HEADS.length));
    if (!rule) continue;
    const refusal = await checkUpdate(app, repo, gitDir, rule, doer, u, ctx);
    if (refusal) return refusal;
  }
  return null;
}

/** Whether branch protection can refuse anything in the repository (it has a rule). */
export async function hasProtections(app: AppContext, repo: RepoRecord): Promise<boolean> {
  return (await protectedStore.countByRepo(app.store, repo.id)) > 0;
}

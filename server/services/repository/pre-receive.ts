/**
 * The pre-receive point: every change of refs (a `git push`, or a write through the API) is checked here before
 * the refs move. A push reaches it through the hook installed in each bare repository (server/git/hooks.ts),
 * which calls back into the host; API writes call assertRefUpdatesAllowed. Rules return the message
 * `git push` prints (`remote: ...`), or null to allow. Archived repositories and branch protection
 * (protection-push.ts) have their rules here.
 */
import { existsSync } from 'node:fs';
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import type { RefUpdate } from './push.ts';
import * as repoStore from '../../store/repos.ts';
import { installHooks } from '../../git/hooks.ts';
import { ServiceError } from '../../lib/errors.ts';
import { ARCHIVED_PUSH_MESSAGE } from './git-access.ts';
import { checkTagUpdates, hasTagRules } from './tag-protection.ts';
import { checkProtectedUpdates, hasProtections } from './protection-push.ts';

/** What a rule may use besides the updates: git's quarantine variables, to read objects a push brings. */
export interface RefCheckContext {
  /** GIT_OBJECT_DIRECTORY and friends for a push not yet accepted; empty for API writes. */
  objectEnv?: Record<string, string>;
  /** A pull request merge the host makes after its merge gate allowed it: push allow-lists do not apply. */
  merge?: boolean;
}

/** One rule: the refusal message, or null when the rule allows the updates. */
export interface PreReceiveRule {
  /** The status an API write refused by this rule answers with. */
  status: number;
  /** Cheap, repository-only: can the rule refuse anything here? A push where none can skips the callback. */
  appliesTo(app: AppContext, repo: RepoRecord): Promise<boolean> | boolean;
  check(app: AppContext, repo: RepoRecord, doer: UserRecord | null, updates: RefUpdate[], ctx: RefCheckContext): Promise<string | null> | string | null;
}

// Gitea's 423 for writes to an archived repository through the API; its message for a push.
const archived: PreReceiveRule = {
  status: 423,
  appliesTo: (_app, repo) => repo.is_archived,
  check: (_app, repo) => (repo.is_archived ? ARCHIVED_PUSH_MESSAGE : null),
};

// Gitea's preReceiveTag: protected tags are created, moved and deleted only by their allow lists (422 through the API).
const protectedTags: PreReceiveRule = {
  status: 422,
  appliesTo: (app, repo) => hasTagRules(app, repo),
  check: (app, repo, doer, updates) => checkTagUpdates(app, repo, doer, updates.map((u) => u.ref)),
};

// Gitea's 403 for API writes a protected branch refuses; the message of its pre-receive hook for a push.
const branchProtection: PreReceiveRule = {
  status: 403,
  appliesTo: (app, repo) => hasProtections(app, repo),
  check: (app, repo, doer, updates, ctx) => checkProtectedUpdates(app, repo, doer, updates, ctx),
};

const RULES: PreReceiveRule[] = [archived, branchProtection, protectedTags];

/** A ref write refused by a pre-receive rule, with the rule's status. */
export class RefUpdateRefusedError extends ServiceError {}

async function firstRefusal(app: AppContext, repo: RepoRecord, doer: UserRecord | null, updates: RefUpdate[], ctx: RefCheckContext) {
  for (const rule of RULES) {
    const message = await rule.check(app, repo, doer, updates, ctx);
    if (message) return { rule, message };
  }
  return null;
}

/** Checks ref updates against every rule; resolves to the first refusal message, or null when all allow. */
export async function checkRefUpdates(
  app: AppContext, repo: RepoRecord, doer: UserRecord | null, updates: RefUpdate[], ctx: RefCheckContext = {},
): Promise<string | null> {
  return (await firstRefusal(app, repo, doer, updates, ctx))?.message ?? null;
}

/**
 * For ref writes the host makes itself (API branch, tag and file writes): throws the refusal of the first rule
 * that refuses, with its status. Call it before the ref moves, with the repository as stored now.
 */
export async function assertRefUpdatesAllowed(
  app: AppContext, repo: RepoRecord, doer: UserRecord | null, updates: RefUpdate[], ctx: Pick<RefCheckContext, 'merge'> = {},
): Promise<void> {
  const fresh = (await repoStore.getById(app.store, repo.id)) ?? repo;
  const refusal = await firstRefusal(app, fresh, doer, updates, ctx);
  if (refusal) throw new RefUpdateRefusedError(refusal.rule.status, refusal.message);
}

/**
 * The hook's question for one push: the repository is read again (it may have been archived since the push
 * started); a repository gone meanwhile refuses.
 */
export async function checkPushUpdates(app: AppContext, repoId: number, doer: UserRecord, updates: RefUpdate[], ctx: RefCheckContext): Promise<string | null> {
  const repo = await repoStore.getById(app.store, repoId);
  if (!repo) return 'Repository not found';
  return checkRefUpdates(app, repo, doer, updates, ctx);
}

/** Whether a push to `repo` needs the hook's callback at all (some rule can refuse something there). */
export async function preReceiveNeeded(app: AppContext, repo: RepoRecord): Promise<boolean> {
  for (const rule of RULES) if (await rule.appliesTo(app, repo)) return true;
  return false;
}

/** At start: puts the current hooks into every repository (older ones are replaced, missing ones added). */
export async function installAllHooks(app: AppContext): Promise<number> {
  let written = 0;
  for (const repo of await repoStore.list(app.store)) {
    try {
      written += await installHooks(repoStore.gitDirOf(app.store, repo));
      const wiki = repoStore.wikiGitDirOf(app.store, repo);
      if (existsSync(wiki)) written += await installHooks(wiki);
    } catch (err) {
      app.log.error('installing the git hooks of a repository failed', { repo: repo.id, err: String(err) });
    }
  }
  return written;
}

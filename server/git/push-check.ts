/**
 * The git reads branch protection needs about a ref update, run with the push's quarantine variables so the
 * objects a push brings (not yet in the repository) are visible. Ids are full hex ids from receive-pack or the
 * host itself, never user text.
 */
import { git, runGit } from './process.ts';

const HEX = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

function checkIds(...ids: string[]): void {
  for (const id of ids) if (!HEX.test(id)) throw new Error('not an object id');
}

/** Whether moving a ref from `oldId` to `newId` drops commits (Gitea: `rev-list --max-count=1 old ^new` is not empty). */
export async function isForcePush(gitDir: string, oldId: string, newId: string, env: Record<string, string> = {}): Promise<boolean> {
  checkIds(oldId, newId);
  const out = await git(['rev-list', '--max-count=1', oldId, `^${newId}`], { gitDir, env });
  return out.trim().length > 0;
}

/** The newest commit reachable from `newId` and not from `oldId` (all of `newId` when null), or null. */
export async function newestNewCommit(gitDir: string, oldId: string | null, newId: string, env: Record<string, string> = {}): Promise<string | null> {
  checkIds(newId, ...(oldId ? [oldId] : []));
  const out = await git(['rev-list', '--max-count=1', newId, ...(oldId ? [`^${oldId}`] : [])], { gitDir, env });
  return out.trim() || null;
}

/** The best common ancestor of two commits, or null when they share none. */
export async function mergeBase(gitDir: string, a: string, b: string, env: Record<string, string> = {}): Promise<string | null> {
  checkIds(a, b);
  const r = await runGit(['merge-base', a, b], { gitDir, env });
  return r.code === 0 ? r.stdout.toString('utf8').trim() || null : null;
}

/**
 * The paths that differ between `fromId` and `toId` (Gitea's GetAffectedFiles: `git diff --name-only`); with no
 * `fromId`, every file of `toId`.
 */
export async function affectedFiles(gitDir: string, fromId: string | null, toId: string, env: Record<string, string> = {}): Promise<string[]> {
  checkIds(toId, ...(fromId ? [fromId] : []));
  const args = fromId
    ? ['diff', '--name-only', '--no-renames', '-z', fromId, toId]
    : ['ls-tree', '-r', '--name-only', '-z', toId];
  const out = await git(args, { gitDir, env });
  return out.split('\0').filter(Boolean);
}

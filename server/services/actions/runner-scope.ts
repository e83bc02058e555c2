/** Where a runner or registration token belongs, as Gitea's (owner_id, repo_id) pair, and who sees which runners. */
import type { RunnerRecord } from '../../store/runners.ts';

/** Gitea's pair: global (0,0), an owner's (owner,0), a repository's (0,repo). */
export interface RunnerScope {
  ownerId: number;
  repoId: number;
}

/** The level a runners route works at: a repository (with its owner), an owner (user or organization), the site. */
export type RunnerLevel = { kind: 'repo'; repoId: number; ownerId: number } | { kind: 'owner'; ownerId: number } | { kind: 'admin' };

/** The token scope of a level: a repository token forces owner_id=0, as Gitea does. */
export function scopeOfLevel(level: RunnerLevel): RunnerScope {
  if (level.kind === 'repo') return { ownerId: 0, repoId: level.repoId };
  if (level.kind === 'owner') return { ownerId: level.ownerId, repoId: 0 };
  return { ownerId: 0, repoId: 0 };
}

/** Whether a level lists the runner: its own runners plus those available to it (owner's and global), Gitea's WithAvailable. */
export function availableAt(level: RunnerLevel, r: RunnerRecord): boolean {
  const global = r.owner_id === 0 && r.repo_id === 0;
  if (level.kind === 'admin') return true;
  if (level.kind === 'owner') return global || (r.owner_id === level.ownerId && r.repo_id === 0);
  return global || r.repo_id === level.repoId || (r.owner_id === level.ownerId && r.repo_id === 0);
}

/** Whether a level may read, edit or delete the runner: only its own (Gitea's EditableInContext); the site any. */
export function editableAt(level: RunnerLevel, r: RunnerRecord): boolean {
  if (level.kind === 'admin') return true;
  if (level.kind === 'owner') return r.owner_id === level.ownerId && r.repo_id === 0;
  return r.repo_id === level.repoId;
}

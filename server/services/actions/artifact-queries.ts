/** Artifacts as Gitea's API shows them: a repository's or a run's (optionally of one name), one by id, and their removal. */
import type { AppContext } from '../context.ts';
import * as artifactStore from '../../store/action-artifacts.ts';
import type { ActionArtifactRecord } from '../../store/action-artifacts.ts';
import type { RepoRecord } from '../../store/records.ts';
import type { Page } from '../../store/engine/query.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { deleteArtifact } from './artifacts.ts';

/** Uploaded artifacts, kept or expired (uploads in progress and deleted ones are not shown). */
const shown = (a: ActionArtifactRecord): boolean => a.status === 'confirmed' || a.status === 'expired';
const newestFirst = (a: ActionArtifactRecord, b: ActionArtifactRecord): number => b.id - a.id;

/** One page of a repository's artifacts, or of one run's, optionally of one name. */
export function listArtifacts(app: AppContext, repo: RepoRecord, o: { runId?: number; name?: string | undefined }, paging: { page: number; limit: number }): Promise<Page<ActionArtifactRecord>> {
  return artifactStore.queryRepoArtifacts(app.store, repo.id, {
    where: (a) => shown(a) && (o.runId === undefined || a.run_id === o.runId) && (!o.name || a.name === o.name),
    sort: newestFirst, page: paging.page, limit: paging.limit,
  });
}

/** A repository's artifact by id (404 for another repository's or one not uploaded). */
export async function getArtifact(app: AppContext, repo: RepoRecord, id: number): Promise<ActionArtifactRecord> {
  const a = await artifactStore.getArtifact(app.store, id);
  if (!a || a.repo_id !== repo.id || !shown(a)) throw new NotFoundError('artifact not found');
  return a;
}

/** Deletes a repository's artifact. */
export async function removeArtifact(app: AppContext, repo: RepoRecord, id: number): Promise<void> {
  await deleteArtifact(app, await getArtifact(app, repo, id));
}

/** Forgets a deleted repository's artifacts and their bytes. */
export async function removeRepoArtifacts(app: AppContext, repoId: number): Promise<void> {
  for (const a of (await artifactStore.queryRepoArtifacts(app.store, repoId, {})).rows) await deleteArtifact(app, a);
}

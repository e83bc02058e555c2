/**
 * Action artifacts (Gitea's action_artifact): one zip per name and run, uploaded by a task, kept until it expires.
 * The bytes are files (services/actions/artifact-files.ts); this table holds what they are and where they stand.
 */
import type { Store } from './index.ts';
import { LogTable } from './engine/log-table.ts';
import type { Page, Query } from './engine/query.ts';

/** Gitea's artifact statuses: uploading, confirmed (downloadable), expired, deleted. */
export type ArtifactStatus = 'pending' | 'confirmed' | 'expired' | 'deleted';

export interface ActionArtifactRecord {
  id: number;
  run_id: number;
  job_id: number;
  task_id: number;
  repo_id: number;
  owner_id: number;
  commit_sha: string;
  name: string;
  /** Bytes of the stored zip. */
  size: number;
  status: ArtifactStatus;
  created: string;
  updated: string;
  expires: string;
}

const artifacts = new LogTable<ActionArtifactRecord>('action_artifacts', {
  indexes: [
    { name: 'run', key: (a) => String(a.run_id) },
    { name: 'repo', key: (a) => String(a.repo_id) },
  ],
});

/** An artifact by id. */
export const getArtifact = (store: Store, id: number) => artifacts.get(store, id);
/** The artifacts of a run (matching `where`). */
export const listArtifactsOfRun = (store: Store, runId: number, where?: (a: ActionArtifactRecord) => boolean) => artifacts.listBy(store, 'run', String(runId), where);
/** One page of a repository's artifacts. */
export const queryRepoArtifacts = (store: Store, repoId: number, q: Omit<Query<ActionArtifactRecord>, 'index'>): Promise<Page<ActionArtifactRecord>> =>
  artifacts.query(store, { ...q, index: { name: 'repo', key: String(repoId) } });
/** Every artifact matching `where` (the expiry pass). */
export const listArtifacts = (store: Store, where: (a: ActionArtifactRecord) => boolean) => artifacts.list(store, where);
/** Stores a new artifact. */
export const insertArtifact = (store: Store, make: (id: number) => ActionArtifactRecord) => artifacts.insert(store, make);
/** Changes an artifact. */
export const updateArtifact = (store: Store, id: number, mutate: (a: ActionArtifactRecord) => void) => artifacts.update(store, id, mutate);
/** Forgets an artifact. */
export const removeArtifact = (store: Store, id: number) => artifacts.remove(store, id);
/** Forgets a repository's artifacts. */
export const removeArtifactsOfRepo = (store: Store, repoId: number) => artifacts.removeBy(store, 'repo', String(repoId));
/** Forgets a run's artifacts. */
export const removeArtifactsOfRun = (store: Store, runId: number) => artifacts.removeBy(store, 'run', String(runId));

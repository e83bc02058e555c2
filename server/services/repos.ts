/** Repositories: finding, listing and deleting them. Creation is in repo-create.ts, editing in repo-edit.ts. */
import { rm } from 'node:fs/promises';
import type { AppContext } from './context.ts';
import type { RepoRecord, UserRecord } from '../store/records.ts';
import * as repoStore from '../store/repos.ts';
import * as branchStore from '../store/branches.ts';
import * as userStore from '../store/users.ts';
import { eventBaseUrl, repositoryPayload } from './repo-payloads.ts';
import { withRepoLock } from './repo-locks.ts';

/**
 * Deletes a repository: its record, its branch records and its bare repository directory, then fires the
 * `repository` deleted event. `doer` is the sender of the event (the owner when not given).
 */
export async function deleteRepository(app: AppContext, repo: RepoRecord, doer?: UserRecord, opts: { baseUrl?: string } = {}): Promise<void> {
  const owner = await userStore.getById(app.store, repo.owner_id);
  const gitDir = repoStore.gitDirOf(app.store, repo);
  await withRepoLock(app, repo.id, async () => {
    // 1 - the record first: from here on nobody finds the repository
    await repoStore.remove(app.store, repo.id);
    // 2 - its branch records
    await branchStore.removeAll(app.store, repo.id);
    // 3 - the files
    await rm(gitDir, { recursive: true, force: true, maxRetries: 3 });
  });
  const sender = doer ?? owner;
  if (owner && sender) {
    const base = { baseUrl: eventBaseUrl(app, opts.baseUrl), repo, owner, sender };
    await app.events.emit({ name: 'repository', repoId: repo.id, ownerId: repo.owner_id, payload: repositoryPayload(base, 'deleted') });
  }
}

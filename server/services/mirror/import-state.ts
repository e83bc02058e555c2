/** After the first fetch of a migration: the default branch, branch records and size, without push events (Gitea's migration fires none). */
import type { AppContext } from '../context.ts';
import type { UserRecord } from '../../store/records.ts';
import * as repoStore from '../../store/repos.ts';
import * as branchStore from '../../store/branches.ts';
import * as refs from '../../git/refs.ts';
import { invalidateRepo } from '../repository/cache.ts';

/** Records what the fetch brought: every branch, the remote's default branch (else main, master, the first). */
export async function importedState(app: AppContext, repoId: number, owner: UserRecord, headBranch: string | null): Promise<void> {
  const repo = await repoStore.getById(app.store, repoId);
  if (!repo) return;
  const gitDir = repoStore.gitDirOf(app.store, repo);
  // A read between the creation and the fetch may have cached an empty repository.
  invalidateRepo(app, repo.id);
  const heads = await refs.listBranchHeads(gitDir);
  const names = heads.map((h) => h.name);
  const wanted = [headBranch, repo.default_branch, 'main', 'master'].find((b): b is string => !!b && names.includes(b)) ?? names[0];
  if (wanted && wanted !== repo.default_branch) await refs.setHead(gitDir, wanted);
  const now = new Date().toISOString();
  await branchStore.replaceAll(app.store, repo.id, heads.map((h) => ({
    name: h.name, commit_id: h.sha, commit_message: h.summary, commit_time: h.commitTime, pusher_id: owner.id, updated: now,
  })));
  const size = await refs.sizeKiB(gitDir);
  await repoStore.update(app.store, repo.id, (r) => {
    r.is_empty = heads.length === 0;
    if (wanted) r.default_branch = wanted;
    r.size_kb = size;
    r.updated = now;
  });
}

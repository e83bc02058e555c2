/**
 * At start, before any request: repairs repository records left behind by a host that was killed in the
 * middle of creating or deleting a repository. Creation stores the record before the bare repository exists,
 * and deletion drops the record before the directory, so a record without its bare repository can only come
 * from a creation that never answered (or a deletion that did): it is removed. A record still marked empty
 * whose repository has branches (the first commit of `auto_init` was written, the record not yet updated)
 * gets its branch records and state from the repository. A migration still marked `migrating` never
 * answered, so its repository (mirror record included) is removed whatever it holds. A finished mirror is left
 * to its own sync, which fills its repository after the record exists.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../context.ts';
import type { RepoRecord } from '../../store/records.ts';
import * as repoStore from '../../store/repos.ts';
import * as branchStore from '../../store/branches.ts';
import * as mirrorStore from '../../store/mirrors.ts';
import * as refs from '../../git/refs.ts';
import { removeBare } from '../../git/repo-init.ts';

async function dropUnfinished(app: AppContext, repo: RepoRecord, gitDir: string): Promise<void> {
  app.log.warn('removing a repository whose creation was interrupted', { repo: repo.id, name: repo.name });
  await removeBare(gitDir);
  await branchStore.removeAll(app.store, repo.id);
  await mirrorStore.removeByRepo(app.store, repo.id);
  await repoStore.remove(app.store, repo.id);
}

async function syncFirstCommit(app: AppContext, repo: RepoRecord, gitDir: string): Promise<void> {
  const heads = await refs.listBranchHeads(gitDir);
  if (heads.length === 0) return;
  const now = new Date().toISOString();
  await branchStore.replaceAll(app.store, repo.id, heads.map((h) => ({
    name: h.name, commit_id: h.sha, commit_message: h.summary, commit_time: h.commitTime, pusher_id: repo.owner_id, updated: now,
  })));
  const size = await refs.sizeKiB(gitDir);
  await repoStore.update(app.store, repo.id, (r) => {
    r.is_empty = false;
    r.size_kb = size;
  });
}

/** Removes unfinished creations and migrations, and syncs empty records whose repository has commits. */
export async function recoverRepositories(app: AppContext): Promise<void> {
  for (const repo of await repoStore.list(app.store)) {
    const gitDir = repoStore.gitDirOf(app.store, repo);
    if (repo.options.migrating === true || !existsSync(path.join(gitDir, 'HEAD'))) await dropUnfinished(app, repo, gitDir);
    else if (repo.is_empty && !repo.is_mirror) await syncFirstCommit(app, repo, gitDir);
  }
}

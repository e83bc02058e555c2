/**
 * A repository's wiki repository: a bare git repository beside it (`{storage}.wiki.git`), in the repository's
 * object format, made on the first write (Gitea's InitWiki). Its default branch is its HEAD, set at creation to
 * `[repository] DEFAULT_BRANCH`. Renames and transfers move nothing (storage paths follow ids), so the wiki
 * follows its repository; deletion removes it with the repository.
 */
import { existsSync } from 'node:fs';
import type { AppContext } from '../context.ts';
import type { RepoRecord } from '../../store/records.ts';
import * as repoStore from '../../store/repos.ts';
import { initBare } from '../../git/repo-init.ts';
import { setHead } from '../../git/refs.ts';
import { branchCommit, branchNames, headBranch } from '../../git/wiki-read.ts';
import { NotFoundError } from '../../lib/errors.ts';

/** The wiki repository's directory (it may not exist yet). */
export const wikiDirOf = (app: AppContext, repo: Pick<RepoRecord, 'storage_path'>): string => repoStore.wikiGitDirOf(app.store, repo);

/** Whether the wiki repository exists. */
export const wikiExists = (app: AppContext, repo: Pick<RepoRecord, 'storage_path'>): boolean => existsSync(wikiDirOf(app, repo));

/** The lock every wiki write of one repository runs under. */
export const withWikiLock = <T>(app: AppContext, repoId: number, fn: () => Promise<T>): Promise<T> => app.locks.run(`wiki:${repoId}`, fn);

/** Creates the wiki repository when it does not exist (Gitea's InitWiki); returns its directory. */
export async function ensureWiki(app: AppContext, repo: RepoRecord): Promise<string> {
  const dir = wikiDirOf(app, repo);
  if (existsSync(dir)) return dir;
  await app.locks.run(`wiki-init:${repo.id}`, async () => {
    if (!existsSync(dir)) await initBare(dir, app.settings.string('repository.DEFAULT_BRANCH') || 'main', repo.object_format);
  });
  return dir;
}

/** The wiki's default branch: the branch its HEAD names. */
export async function wikiBranch(app: AppContext, dir: string): Promise<string> {
  return (await headBranch(dir)) ?? (app.settings.string('repository.DEFAULT_BRANCH') || 'main');
}

export interface WikiHead {
  dir: string;
  branch: string;
  /** The branch's commit. */
  commit: string;
}

/** The wiki's directory, default branch and its commit; 404 when there is no wiki or no page yet (as Gitea). */
export async function wikiHead(app: AppContext, repo: RepoRecord): Promise<WikiHead> {
  const dir = wikiDirOf(app, repo);
  if (!existsSync(dir)) throw new NotFoundError('wiki does not exist');
  const branch = await wikiBranch(app, dir);
  const commit = await branchCommit(dir, branch);
  if (!commit) throw new NotFoundError('wiki does not exist');
  return { dir, branch, commit };
}

/**
 * After a push to a wiki whose HEAD names no branch that exists (a clone of the empty wiki pushed `master`):
 * HEAD moves to a pushed branch, the configured default, main or master first, as the first push of a repository does.
 */
export async function settleWikiHead(app: AppContext, dir: string): Promise<string> {
  const branch = await wikiBranch(app, dir);
  if (await branchCommit(dir, branch)) return branch;
  const names = await branchNames(dir);
  const pick = [app.settings.string('repository.DEFAULT_BRANCH'), 'main', 'master'].find((n) => names.includes(n)) ?? names[0];
  if (!pick) return branch;
  await setHead(dir, pick);
  return pick;
}

/** Commits as the API shows them: the commit, its changed files (when asked for) and the users behind its emails. */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as userStore from '../../store/users.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { Commit } from '../../git/objects.ts';
import type { ChangedFile } from '../../git/read.ts';
import { commitChanges, listCommits, requireNotEmpty, resolveRef, withFullMessage } from './read.ts';

export interface CommitView {
  commit: Commit;
  changes: ChangedFile[] | undefined;
  authorUser: UserRecord | undefined;
  committerUser: UserRecord | undefined;
}

export interface CommitViewOptions {
  /** Load changed files (for `files` and/or `stat`). */
  changes: boolean;
}

/** The API views of `commits`: changed files when asked for, and the accounts behind author and committer emails. */
export async function viewsOf(app: AppContext, repo: RepoRecord, commits: Commit[], o: CommitViewOptions): Promise<CommitView[]> {
  const users = new Map<string, Promise<UserRecord | undefined>>();
  const byEmail = (email: string): Promise<UserRecord | undefined> => {
    const key = email.toLowerCase();
    if (!users.has(key)) users.set(key, email ? userStore.getByEmail(app.store, email) : Promise.resolve(undefined));
    return users.get(key)!;
  };
  return Promise.all(commits.map(async (commit) => ({
    commit,
    changes: o.changes ? await commitChanges(app, repo, commit) : undefined,
    authorUser: await byEmail(commit.author.email),
    committerUser: await byEmail(commit.committer.email),
  })));
}

export interface CommitListQuery {
  sha?: string | undefined;
  path?: string | undefined;
  page: number;
  limit: number;
}

/** GET /commits: one page of history from `sha` (default branch when empty), filtered by `path`. */
export async function commitList(app: AppContext, repo: RepoRecord, q: CommitListQuery, o: CommitViewOptions): Promise<{ views: CommitView[]; total: number }> {
  await requireNotEmpty(app, repo);
  const from = await resolveRef(app, repo, q.sha);
  const path = q.path?.split('/').filter((s) => s && s !== '.').join('/');
  if (path?.split('/').includes('..')) throw new NotFoundError(`The path ${q.path ?? ''} is not valid.`);
  const page = await listCommits(app, repo, from.commit, q.page, q.limit, path || undefined);
  return { views: await viewsOf(app, repo, page.commits, o), total: page.total };
}

/** GET /git/commits/{sha}: one commit by id or ref name; 422 for something that cannot be a ref. */
export async function singleCommit(app: AppContext, repo: RepoRecord, sha: string, o: CommitViewOptions): Promise<CommitView> {
  if (!sha || /[\s~^:?*[\\\0]|\.\.|@\{|\/\/|^\/|\/$|\.lock$|^-/.test(sha)) throw new ValidationError(`no valid ref or sha: ${sha}`);
  let commit: Commit;
  try {
    // Gitea shows a single commit's whole message; lists get it cut (see getCommit)
    commit = await withFullMessage(app, repo, (await resolveRef(app, repo, sha)).commit);
  } catch (err) {
    if (err instanceof NotFoundError && !err.message.includes('repository uses')) throw new NotFoundError(sha);
    throw err;
  }
  return (await viewsOf(app, repo, [commit], o))[0]!;
}

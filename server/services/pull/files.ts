/** What a pull request changes: its raw diff or patch, its files, and its commits each with their files. */
import type { AppContext } from '../context.ts';
import type { RepoRecord } from '../../store/records.ts';
import type { Commit } from '../../git/objects.ts';
import { changedFiles, type ChangedFile } from '../../git/read.ts';
import { commitsBetween, compareDiffArgs, streamGitOutput, type DiffType } from '../../git/diff.ts';
import { gitDirFor, limitGit } from '../repository/cache.ts';
import { getCommit } from '../repository/read.ts';
import { viewsOf, type CommitView } from '../repository/commits.ts';
import type { DiffWriter } from '../repository/diff.ts';
import { branchHead } from './sync.ts';
import type { Pull } from './pulls.ts';

/** The commit the pull request's diff starts from: its merge base, or the base branch head when none is known. */
async function fromOf(app: AppContext, repo: RepoRecord, p: Pull): Promise<string> {
  return p.pr.merge_base || (await branchHead(app, repo, p.pr.base_branch)) || p.pr.head_sha;
}

/** At most this many commits of a pull request are listed. */
const MAX_COMMITS = 10_000;

const limitOf = (app: AppContext): number => app.settings.int('api.DEFAULT_MAX_RESPONSE_SIZE') || 100 * 1024 * 1024;

/** The pull request's `.diff` or `.patch` (from its merge base to its head). */
export async function pullRawDiff(app: AppContext, repo: RepoRecord, p: Pull, type: DiffType): Promise<DiffWriter> {
  const args = compareDiffArgs(await fromOf(app, repo, p), p.pr.head_sha, type);
  const gitDir = gitDirFor(app, repo);
  return (out) => streamGitOutput(gitDir, args, out, limitOf(app));
}

/** The files the pull request changes, one page, and how many there are. */
export async function pullFiles(app: AppContext, repo: RepoRecord, p: Pull, page: number, limit: number): Promise<{ rows: ChangedFile[]; total: number }> {
  const from = await fromOf(app, repo, p);
  const all = await limitGit(app, () => changedFiles(gitDirFor(app, repo), p.pr.head_sha, from));
  return { rows: all.slice((page - 1) * limit, page * limit), total: all.length };
}

/** The pull request's commits, oldest first as Gitea lists them, one page, each with the files it changes. */
export async function pullCommits(app: AppContext, repo: RepoRecord, p: Pull, page: number, limit: number, withFiles: boolean): Promise<{ views: CommitView[]; total: number }> {
  const from = await fromOf(app, repo, p);
  const gitDir = gitDirFor(app, repo);
  const { ids, total } = await limitGit(app, () => commitsBetween(gitDir, from, p.pr.head_sha, MAX_COMMITS));
  // Pages count from the oldest commit, as a pull request's commit list reads.
  const pageIds = [...ids].reverse().slice((page - 1) * limit, page * limit);
  const commits = (await Promise.all(pageIds.map((id) => getCommit(app, repo, id)))).filter((c): c is Commit => !!c);
  return { views: await viewsOf(app, repo, commits, { changes: withFiles }), total };
}

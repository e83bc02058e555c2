/**
 * A commit's raw diff or patch and the comparison of two revisions (Gitea's `.diff`/`.patch` routes and
 * `compare/{basehead}`). Revisions are resolved to full ids here; git only ever sees ids.
 */
import type { Writable } from 'node:stream';
import type { AppContext } from '../context.ts';
import type { RepoRecord } from '../../store/records.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { Commit } from '../../git/objects.ts';
import { commitDiffArgs, commitsBetween, compareDiffArgs, mergeBase, streamGitOutput, type DiffType, type StreamResult } from '../../git/diff.ts';
import { gitDirFor, limitGit } from './cache.ts';
import { getCommit, requireNotEmpty, resolveRef } from './read.ts';
import { viewsOf, type CommitView, type CommitViewOptions } from './commits.ts';

/** Writes a raw diff into `out`; says whether it was cut at the size limit. */
export type DiffWriter = (out: Writable) => Promise<StreamResult>;

/** At most this many commits are listed in a comparison (total_commits still counts all). */
export const COMPARE_MAX_COMMITS = 250;

/**
 * Resolves a revision: a branch, tag, commit id or HEAD (the default branch), optionally followed by `^` or `~N`
 * suffixes (first parents), as Gitea's compare accepts. 404 when any step does not exist.
 */
export async function resolveRevision(app: AppContext, repo: RepoRecord, rev: string): Promise<Commit> {
  const m = /^(.*?)((?:\^|~\d*)*)$/s.exec(rev);
  const name = m?.[1] ?? rev;
  let commit = (await resolveRef(app, repo, name === 'HEAD' ? repo.default_branch : name)).commit;
  for (const step of (m?.[2] ?? '').match(/\^|~\d*/g) ?? []) {
    const n = step === '^' ? 1 : step === '~' ? 1 : Number.parseInt(step.slice(1), 10);
    for (let i = 0; i < Math.min(n, 10_000); i++) {
      const parent = commit.parents[0] ? await getCommit(app, repo, commit.parents[0]) : null;
      if (!parent) throw new NotFoundError(`revision not found: ${rev}`);
      commit = parent;
    }
  }
  return commit;
}

const limitOf = (app: AppContext): number => app.settings.int('api.DEFAULT_MAX_RESPONSE_SIZE') || 100 * 1024 * 1024;

/** A commit's `.diff` or `.patch` (404 when the commit does not exist). */
export async function commitRawDiff(app: AppContext, repo: RepoRecord, sha: string, type: DiffType): Promise<DiffWriter> {
  await requireNotEmpty(app, repo);
  const commit = await resolveRevision(app, repo, sha);
  const args = commitDiffArgs(commit.id, commit.parents[0] ?? null, type);
  const gitDir = gitDirFor(app, repo);
  return (out) => streamGitOutput(gitDir, args, out, limitOf(app));
}

export interface Basehead {
  base: string;
  head: string;
  /** `base..head`: a direct diff; `base...head` (the default) diffs from the merge base. */
  direct: boolean;
}

/** Splits Gitea's `base...head` / `base..head`; a lone ref compares the default branch with it. */
export function parseBasehead(repo: RepoRecord, basehead: string): Basehead {
  const three = basehead.indexOf('...');
  if (three >= 0) return { base: basehead.slice(0, three) || repo.default_branch, head: basehead.slice(three + 3) || repo.default_branch, direct: false };
  const two = basehead.indexOf('..');
  if (two >= 0) return { base: basehead.slice(0, two) || repo.default_branch, head: basehead.slice(two + 2) || repo.default_branch, direct: true };
  return { base: repo.default_branch, head: basehead, direct: false };
}

export interface Comparison {
  base: Commit;
  head: Commit;
  /** The commit the diff starts from: the merge base for `...`, the base itself for `..`. */
  fromId: string;
  views: CommitView[];
  total: number;
}

async function endsOf(app: AppContext, repo: RepoRecord, basehead: string): Promise<{ base: Commit; head: Commit; fromId: string }> {
  await requireNotEmpty(app, repo);
  const bh = parseBasehead(repo, basehead);
  const [base, head] = await Promise.all([resolveRevision(app, repo, bh.base), resolveRevision(app, repo, bh.head)]);
  const gitDir = gitDirFor(app, repo);
  const fromId = bh.direct ? base.id : await limitGit(app, () => mergeBase(gitDir, base.id, head.id));
  if (!fromId) throw new NotFoundError(`${bh.base} and ${bh.head} have no common history`);
  return { base, head, fromId };
}

/** Gitea's compare: the commits in head that base lacks (newest first) with their views, and their count. */
export async function compareRevisions(app: AppContext, repo: RepoRecord, basehead: string, o: CommitViewOptions): Promise<Comparison> {
  const ends = await endsOf(app, repo, basehead);
  const gitDir = gitDirFor(app, repo);
  const { ids, total } = await limitGit(app, () => commitsBetween(gitDir, ends.base.id, ends.head.id, COMPARE_MAX_COMMITS));
  const commits = (await Promise.all(ids.map((id) => getCommit(app, repo, id)))).filter((c): c is Commit => !!c);
  return { ...ends, views: await viewsOf(app, repo, commits, o), total };
}

/** The raw diff or patch of a comparison. */
export async function compareRawDiff(app: AppContext, repo: RepoRecord, basehead: string, type: DiffType): Promise<DiffWriter> {
  const ends = await endsOf(app, repo, basehead);
  const args = compareDiffArgs(ends.fromId, ends.head.id, type);
  const gitDir = gitDirFor(app, repo);
  return (out) => streamGitOutput(gitDir, args, out, limitOf(app));
}

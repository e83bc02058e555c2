/**
 * Merging without a working tree: `git merge-tree --write-tree` for three-way merges (mergeability, merge and
 * squash commits) and `commit-tree` to write the result. A commit is replayed on another (rebase) by merging it
 * with a stand-in commit that holds the target's tree over the commit's own parent, so the merge base is that
 * parent, as a cherry-pick's; git 2.38's merge-tree has no `--merge-base` option to say it directly.
 */
import { git, runGit } from './process.ts';

const HEX = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

function checkIds(...ids: string[]): void {
  for (const id of ids) if (!HEX.test(id)) throw new Error(`not a full object id: ${id}`);
}

/** The result of a three-way merge: the merged tree, or the paths in conflict. */
export interface MergeResult {
  tree: string;
  conflicts: string[];
}

/** Merges the trees of `ours` and `theirs` (their merge base found by git); no ref or index is touched. */
export async function mergeTrees(gitDir: string, ours: string, theirs: string): Promise<MergeResult> {
  checkIds(ours, theirs);
  const r = await runGit(['merge-tree', '--write-tree', '--name-only', '--no-messages', '--allow-unrelated-histories', ours, theirs], { gitDir });
  if (r.code !== 0 && r.code !== 1) throw new Error(`git merge-tree failed: ${r.stderr.trim()}`);
  const lines = r.stdout.toString('utf8').split('\n');
  const tree = lines[0]?.trim() ?? '';
  const conflicts = r.code === 1 ? [...new Set(lines.slice(1).map((l) => l.trim()).filter(Boolean))] : [];
  return { tree, conflicts };
}

/** Who made a commit and when (git's `@<unix> +0000` or RFC 3339 for the date). */
export interface Ident {
  name: string;
  email: string;
  date: string;
}

const clean = (s: string): string => s.replace(/[<>\n\0]/g, '').trim();

/** Writes a commit of `tree` with these parents; returns its id. */
export async function commitTree(gitDir: string, tree: string, parents: string[], message: string, author: Ident, committer: Ident): Promise<string> {
  checkIds(tree, ...parents);
  const env = {
    GIT_AUTHOR_NAME: clean(author.name), GIT_AUTHOR_EMAIL: clean(author.email), GIT_AUTHOR_DATE: author.date,
    GIT_COMMITTER_NAME: clean(committer.name), GIT_COMMITTER_EMAIL: clean(committer.email), GIT_COMMITTER_DATE: committer.date,
  };
  const args = ['commit-tree', '--no-gpg-sign', tree, ...parents.flatMap((p) => ['-p', p])];
  return (await git(args, { gitDir, env, input: message.endsWith('\n') ? message : `${message}\n` })).trim();
}

/** The tree of a commit. */
export async function treeOf(gitDir: string, commit: string): Promise<string> {
  checkIds(commit);
  return (await git(['rev-parse', '--verify', '--end-of-options', `${commit}^{tree}`], { gitDir })).trim();
}

/** True when `ancestor` is `descendant` or one of its ancestors. */
export async function isAncestor(gitDir: string, ancestor: string, descendant: string): Promise<boolean> {
  checkIds(ancestor, descendant);
  return (await runGit(['merge-base', '--is-ancestor', ancestor, descendant], { gitDir })).code === 0;
}

/** A commit as a rebase replays it: parents, author, message. */
interface ReplayedCommit { id: string; parents: string[]; author: Ident; message: string }

async function readForReplay(gitDir: string, id: string): Promise<ReplayedCommit> {
  const out = await git(['log', '-1', '--format=%P%x00%an%x00%ae%x00%ad%x00%B', '--date=raw', '--end-of-options', id], { gitDir });
  const [parents = '', name = '', email = '', date = '', ...msg] = out.split('\0');
  return { id, parents: parents.split(' ').filter(Boolean), author: { name, email, date: `@${date.trim()}` }, message: msg.join('\0').replace(/\n+$/, '\n') };
}

/** The commits a rebase of `head` onto `base` replays, oldest first (merge commits are dropped, as git rebase does). */
export async function commitsToReplay(gitDir: string, base: string, head: string): Promise<string[]> {
  checkIds(base, head);
  return (await git(['rev-list', '--reverse', '--topo-order', '--no-merges', `${base}..${head}`], { gitDir })).split('\n').filter(Boolean);
}

/** A rebase stopped by a conflict: the commit that did not apply and its conflicting paths. */
export class ReplayConflict extends Error {
  constructor(readonly commit: string, readonly conflicts: string[]) {
    super(`commit ${commit} does not apply: ${conflicts.join(', ')}`);
  }
}

/**
 * Replays the commits of `head` that `base` lacks onto `onto` (git rebase without a working tree). Authors and
 * messages are kept, the committer is `committer`; commits that change nothing any more are dropped. Returns
 * the new tip (`onto` when nothing is left). Throws ReplayConflict when a commit does not apply.
 */
export async function replay(gitDir: string, base: string, head: string, onto: string, committer: Ident): Promise<string> {
  let tip = onto;
  for (const id of await commitsToReplay(gitDir, base, head)) {
    const c = await readForReplay(gitDir, id);
    const tipTree = await treeOf(gitDir, tip);
    // The stand-in: the tip's tree over the commit's parent, so merge-tree's merge base is that parent.
    const standIn = await commitTree(gitDir, tipTree, c.parents.slice(0, 1), 'replay\n', committer, committer);
    const m = await mergeTrees(gitDir, standIn, id);
    if (m.conflicts.length) throw new ReplayConflict(id, m.conflicts);
    if (m.tree === tipTree) continue;
    tip = await commitTree(gitDir, m.tree, [tip], c.message, c.author, committer);
  }
  return tip;
}

/** Copies the objects of `ref` in `fromGitDir` into `toGitDir` as `toRef` (forced); no hook runs. */
export async function fetchRef(toGitDir: string, fromGitDir: string, ref: string, toRef: string): Promise<void> {
  await git(['fetch', '--quiet', '--no-tags', '--no-write-fetch-head', fromGitDir, `+${ref}:${toRef}`], { gitDir: toGitDir });
}

/** Moves (or creates) a ref with no old-value check, for refs only the host writes (refs/pull/*). */
export async function setRef(gitDir: string, ref: string, id: string): Promise<void> {
  checkIds(id);
  await git(['update-ref', ref, id], { gitDir });
}

/** Deletes a ref the host keeps for itself; no error when it is gone. */
export async function dropRef(gitDir: string, ref: string): Promise<void> {
  await runGit(['update-ref', '-d', ref], { gitDir });
}

/** Changed files and line counts between two commits (`diff --numstat`). */
export async function diffStat(gitDir: string, from: string, to: string): Promise<{ files: number; additions: number; deletions: number }> {
  checkIds(from, to);
  const out = await git(['diff', '--numstat', '-z', '--no-renames', from, to], { gitDir });
  let files = 0, additions = 0, deletions = 0;
  for (const rec of out.split('\0')) {
    const m = /^(\d+|-)\t(\d+|-)\t/.exec(rec);
    if (!m) continue;
    files += 1;
    additions += m[1] === '-' ? 0 : Number(m[1]);
    deletions += m[2] === '-' ? 0 : Number(m[2]);
  }
  return { files, additions, deletions };
}

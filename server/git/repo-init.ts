/** Creating bare repositories and their first commit, without a work tree (plumbing only). */
import { existsSync } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { git } from './process.ts';
import { installHooks } from './hooks.ts';
import { refNameProblem } from './ref-name.ts';

/** Where initBare builds a repository before moving it into place. */
const buildDirOf = (gitDir: string): string => path.join(path.dirname(gitDir), `.init-${path.basename(gitDir)}`);

/**
 * Creates an empty bare repository at `gitDir` with HEAD on `branch`. Refuses an existing directory.
 * It is built beside its place and renamed into it, so a process killed half-way leaves no partial repository
 * at `gitDir` (the rename is atomic); a leftover build directory of a killed attempt is replaced.
 */
export async function initBare(gitDir: string, branch: string, format: 'sha1' | 'sha256'): Promise<void> {
  const build = buildDirOf(gitDir);
  await mkdir(path.dirname(gitDir), { recursive: true });
  if (existsSync(gitDir)) throw new Error(`a repository already exists at ${gitDir}`);
  await rm(build, { recursive: true, force: true });
  await mkdir(build);
  await git(['init', '--quiet', '--bare', `--initial-branch=${branch}`, `--object-format=${format}`, build], { cwd: path.dirname(gitDir) });
  // The pre-receive hook is in place before the repository is: no push ever reaches it unchecked.
  await installHooks(build);
  await rename(build, gitDir);
}

/** Removes a bare repository directory (undo of initBare, and repository deletion). */
export async function removeBare(gitDir: string): Promise<void> {
  await rm(gitDir, { recursive: true, force: true, maxRetries: 3 });
}

/** True when `name` is a valid branch name for git and Gitea (refNameProblem, then git check-ref-format). */
export async function isValidBranchName(name: string): Promise<boolean> {
  if (refNameProblem(name) !== null) return false;
  try {
    await git(['check-ref-format', `refs/heads/${name}`]);
    return true;
  } catch {
    return false;
  }
}

export interface InitialFile {
  path: string;
  content: string;
}

export interface Signature {
  name: string;
  email: string;
}

/** Writes `files` as the first commit of `branch` ("Initial commit" by `author`); returns the commit id. */
export async function commitInitialFiles(gitDir: string, branch: string, files: InitialFile[], author: Signature): Promise<string> {
  const entries: string[] = [];
  for (const f of files) {
    const blob = (await git(['hash-object', '-w', '--stdin'], { gitDir, input: f.content })).trim();
    entries.push(`100644 blob ${blob}\t${f.path}`);
  }
  const tree = (await git(['mktree'], { gitDir, input: `${entries.join('\n')}\n` })).trim();
  const env = {
    GIT_AUTHOR_NAME: author.name, GIT_AUTHOR_EMAIL: author.email, GIT_COMMITTER_NAME: author.name, GIT_COMMITTER_EMAIL: author.email,
  };
  const commit = (await git(['commit-tree', tree, '-m', 'Initial commit'], { gitDir, env })).trim();
  await git(['update-ref', `refs/heads/${branch}`, commit, ''], { gitDir });
  return commit;
}

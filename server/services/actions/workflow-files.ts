/**
 * Reading workflow files from a commit (Gitea's modules/actions/workflows.go): only the first of
 * `[actions] WORKFLOW_DIRS` that exists in the tree is used, walked recursively for `.yml`/`.yaml` files, each read
 * up to 1 MiB.
 */
import path from 'node:path/posix';
import type { AppContext } from '../context.ts';
import type { RepoRecord } from '../../store/records.ts';
import { entryAtPath, readTree, runGit } from '../../git/read.ts';
import { cached, readerFor } from '../repository/cache.ts';
import { readHead } from '../repository/capped.ts';
import { peelToCommit, withFullMessage } from '../repository/read.ts';

/** Gitea's cap on a workflow file. */
export const WORKFLOW_MAX_BYTES = 1 << 20;

export interface WorkflowFile {
  /** The file's name, Gitea's workflow id (`ci.yml`). */
  id: string;
  path: string;
  blob: string;
}

const isWorkflow = (p: string): boolean => p.endsWith('.yml') || p.endsWith('.yaml');

/** The configured workflow directories, cleaned (no empty, absolute or `..` entries). */
export function workflowDirs(app: AppContext): string[] {
  return app.settings.list('actions.WORKFLOW_DIRS').map((d) => d.replace(/^\/+|\/+$/g, '')).filter((d) => d && !d.split('/').includes('..'));
}

/** The non-tree entries below a tree, depth first in git's order (what `git ls-tree -r` lists), with their paths. */
async function listBelow(app: AppContext, repo: RepoRecord, treeId: string, prefix: string, out: { path: string; type: string; id: string }[]): Promise<void> {
  for (const e of await readTree(readerFor(app, repo), repo.object_format, treeId)) {
    const p = `${prefix}/${e.name}`;
    if (e.type === 'tree') await listBelow(app, repo, e.id, p, out);
    else out.push({ path: p, type: e.type, id: e.id });
  }
}

async function findWorkflowFiles(app: AppContext, repo: RepoRecord, commitId: string): Promise<WorkflowFile[]> {
  const commit = await peelToCommit(app, repo, commitId);
  if (!commit) return [];
  for (const dir of workflowDirs(app)) {
    const at = await entryAtPath(readerFor(app, repo), repo.object_format, commit.tree, dir);
    if (at?.entry.type !== 'tree') continue;
    const entries: { path: string; type: string; id: string }[] = [];
    await listBelow(app, repo, at.entry.id, at.path, entries);
    if (entries.length === 0) continue;
    return entries.flatMap((e) => (e.type === 'blob' && isWorkflow(e.path) ? [{ id: path.basename(e.path), path: e.path, blob: e.id }] : []));
  }
  return [];
}

/**
 * The workflow files at a commit, from the first workflow directory that exists there. Read through the
 * repository's running object reader (no `ls-tree` process per push) and cached by the commit's id.
 */
export function listWorkflowFiles(app: AppContext, repo: RepoRecord, commit: string): Promise<WorkflowFile[]> {
  if (!/^[0-9a-f]{40,64}$/.test(commit)) return Promise.resolve([]);
  return cached(app, repo, `workflows:${workflowDirs(app).join(':')}:${commit}`, () => findWorkflowFiles(app, repo, commit));
}

/** A workflow file's content (at most 1 MiB). */
export async function readWorkflow(app: AppContext, repo: RepoRecord, file: WorkflowFile): Promise<string> {
  return (await readHead(app, repo, file.blob, WORKFLOW_MAX_BYTES)).toString('utf8');
}

/** Files changed between two commits (null when it cannot tell: a new branch or unknown objects). */
export async function changedPaths(gitDir: string, before: string, after: string): Promise<string[] | null> {
  if (/^0+$/.test(before) || !/^[0-9a-f]{40,64}$/.test(before) || !/^[0-9a-f]{40,64}$/.test(after)) return null;
  try {
    const out = await runGit(gitDir, ['diff', '--name-only', '-z', '--no-renames', before, after]);
    return out.toString('utf8').split('\0').filter(Boolean);
  } catch {
    return null;
  }
}

/** The full message of a commit, or of the commit a tag points at ("" when there is none), from the running object reader; cached by id. */
export function commitMessage(app: AppContext, repo: RepoRecord, id: string): Promise<string> {
  return cached(app, repo, `message:${id}`, async () => {
    const commit = await peelToCommit(app, repo, id);
    return commit ? (await withFullMessage(app, repo, commit)).message : '';
  });
}

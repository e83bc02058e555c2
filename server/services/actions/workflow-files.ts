/**
 * Reading workflow files from a commit (Gitea's modules/actions/workflows.go): only the first of
 * `[actions] WORKFLOW_DIRS` that exists in the tree is used, walked recursively for `.yml`/`.yaml` files, each read
 * up to 1 MiB.
 */
import path from 'node:path/posix';
import type { AppContext } from '../context.ts';
import { runGit, readObjectPrefix } from '../../git/read.ts';

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

/** The workflow files at a commit, from the first workflow directory that exists there. */
export async function listWorkflowFiles(app: AppContext, gitDir: string, commit: string): Promise<WorkflowFile[]> {
  if (!/^[0-9a-f]{40,64}$/.test(commit)) return [];
  for (const dir of workflowDirs(app)) {
    let out: Buffer;
    try {
      out = await runGit(gitDir, ['ls-tree', '-r', '-z', '--full-tree', commit, '--', `${dir}/`]);
    } catch {
      continue;
    }
    const entries = out.toString('utf8').split('\0').filter(Boolean);
    if (entries.length === 0) continue;
    return entries.flatMap((rec) => {
      const tab = rec.indexOf('\t');
      const [, type, id] = rec.slice(0, tab).split(' ');
      const p = rec.slice(tab + 1);
      return type === 'blob' && id && isWorkflow(p) ? [{ id: path.basename(p), path: p, blob: id }] : [];
    });
  }
  return [];
}

/** A workflow file's content (at most 1 MiB). */
export async function readWorkflow(gitDir: string, file: WorkflowFile): Promise<string> {
  return (await readObjectPrefix(gitDir, 'blob', file.blob, WORKFLOW_MAX_BYTES)).toString('utf8');
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

/** The full message of a commit. */
export async function commitMessage(gitDir: string, commit: string): Promise<string> {
  try {
    return (await runGit(gitDir, ['log', '-1', '--format=%B', commit])).toString('utf8');
  } catch {
    return '';
  }
}

/**
 * Diffs, patches and bundles streamed from git: a commit's `.diff`/`.patch`, a comparison of two commits, the
 * merge base of two commits, the commits between them. Every revision passed here is a full hex id resolved
 * beforehand; output is cut at a byte limit so a huge diff cannot fill memory or a socket forever.
 */
import type { Writable } from 'node:stream';
import { spawnGit, git } from './process.ts';

export type DiffType = 'diff' | 'patch';

const HEX = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

function checkIds(...ids: string[]): void {
  for (const id of ids) if (!HEX.test(id)) throw new Error(`not a full object id: ${id}`);
}

/** Result of a streamed git command: whether the output was cut at the limit. */
export interface StreamResult {
  truncated: boolean;
}

/**
 * Runs git and pipes stdout into `out`, at most `maxBytes` bytes (git is killed past it). Resolves when git has
 * exited; rejects when git failed before writing anything useful.
 */
export function streamGitOutput(gitDir: string, args: string[], out: Writable, maxBytes: number): Promise<StreamResult> {
  return new Promise((resolve, reject) => {
    const child = spawnGit(args, { gitDir });
    child.stdin?.end();
    let sent = 0;
    let truncated = false;
    const err: Buffer[] = [];
    child.stderr?.on('data', (c: Buffer) => { if (err.length < 16) err.push(c); });
    child.stdout?.on('data', (c: Buffer) => {
      if (truncated) return;
      const room = maxBytes - sent;
      const part = c.length > room ? c.subarray(0, room) : c;
      sent += part.length;
      if (part.length && !out.write(part)) {
        child.stdout?.pause();
        out.once('drain', () => child.stdout?.resume());
      }
      if (c.length > room) {
        truncated = true;
        child.kill();
      }
    });
    const stop = (): void => { child.kill(); };
    out.once('close', stop);
    child.on('error', reject);
    child.on('close', (code) => {
      out.off('close', stop);
      if (code === 0 || truncated) resolve({ truncated });
      else reject(new Error(`git ${args[0] ?? ''} failed (${code}): ${Buffer.concat(err).toString('utf8').trim().slice(0, 500)}`));
    });
  });
}

/**
 * The git arguments of a commit's raw diff or patch, as Gitea's GetRawDiff builds them: against the first
 * parent (`diff -M` / `format-patch parent..commit`), and a root commit through `show` / `format-patch --root`.
 */
export function commitDiffArgs(commitId: string, parentId: string | null, type: DiffType): string[] {
  checkIds(commitId, ...(parentId ? [parentId] : []));
  if (type === 'diff') {
    return parentId ? ['diff', '-M', '--end-of-options', parentId, commitId] : ['show', '--end-of-options', commitId];
  }
  return parentId
    ? ['format-patch', '--no-signature', '--stdout', '--end-of-options', `${commitId}...${parentId}`]
    : ['format-patch', '--no-signature', '--stdout', '--root', '--end-of-options', commitId];
}

/** The git arguments of a comparison's raw diff or patch from `baseId` (the merge base for `...`) to `headId`. */
export function compareDiffArgs(baseId: string, headId: string, type: DiffType): string[] {
  checkIds(baseId, headId);
  return type === 'diff'
    ? ['diff', '-M', '--end-of-options', baseId, headId]
    : ['format-patch', '--no-signature', '--stdout', '--end-of-options', `${baseId}..${headId}`];
}

/** The best common ancestor of two commits, or null when they share no history. */
export async function mergeBase(gitDir: string, a: string, b: string): Promise<string | null> {
  checkIds(a, b);
  try {
    return (await git(['merge-base', '--end-of-options', a, b], { gitDir })).trim() || null;
  } catch {
    return null;
  }
}

/** Ids of the commits reachable from `headId` but not from `baseId`, newest first: at most `max`, and the count. */
export async function commitsBetween(gitDir: string, baseId: string, headId: string, max: number): Promise<{ ids: string[]; total: number }> {
  checkIds(baseId, headId);
  const range = baseId === headId ? [headId, `^${baseId}`] : [`${baseId}..${headId}`];
  const total = Number.parseInt((await git(['rev-list', '--count', '--end-of-options', ...range, '--'], { gitDir })).trim(), 10) || 0;
  const out = await git(['rev-list', `--max-count=${max}`, '--end-of-options', ...range, '--'], { gitDir });
  return { ids: out.split('\n').filter(Boolean), total };
}

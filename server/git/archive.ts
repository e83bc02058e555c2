/** `git archive` of one commit, streamed as .zip or .tar.gz (nothing is buffered or written to disk). */
import type { Writable } from 'node:stream';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { git, spawnGit } from './process.ts';
import { launchGit } from './spawner.ts';

export type ArchiveFormat = 'zip' | 'tar.gz' | 'bundle';

export interface ArchiveOptions {
  commitId: string;
  format: ArchiveFormat;
  /** Directory name every entry is put under, e.g. `repo/`. */
  prefix: string;
  /** Limit the archive to these tree paths (already checked to exist). */
  paths?: string[];
}

/**
 * Pipes the archive into `out`. Resolves when git finished and the data was handed on; rejects when git fails
 * (the caller has usually sent headers by then and can only cut the connection).
 */
export function streamArchive(gitDir: string, opts: ArchiveOptions, out: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const args = ['archive', `--format=${opts.format}`, `--prefix=${opts.prefix}`, '--end-of-options', opts.commitId];
    if (opts.paths?.length) args.push('--', ...opts.paths);
    const proc = launchGit(args, { cwd: gitDir, env: { ...process.env, GIT_DIR: gitDir }, stdin: 'ignore' });
    const err: Buffer[] = [];
    proc.stderr.on('data', (c: Buffer) => err.push(c));
    proc.stdout.pipe(out, { end: false });
    const stop = (): void => { proc.kill(); };
    out.once('close', stop);
    proc.on('error', reject);
    proc.on('close', (code) => {
      out.off('close', stop);
      if (code === 0) resolve();
      else reject(new Error(`git archive failed (${code}): ${Buffer.concat(err).toString('utf8').trim()}`));
    });
  });
}

/**
 * Streams a git bundle holding the history of `commitId` as the branch `bundle` (Gitea's `.bundle` download).
 * git bundles only refs, and the repository's own refs must not move, so the ref lives in a throw-away bare
 * repository that borrows the repository's objects (GIT_OBJECT_DIRECTORY); nothing is written to the repository.
 */
export async function streamBundle(gitDir: string, commitId: string, format: 'sha1' | 'sha256', out: Writable): Promise<void> {
  if (!/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(commitId)) throw new Error(`not a full object id: ${commitId}`);
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'homeforge-bundle-'));
  try {
    const env = { GIT_OBJECT_DIRECTORY: path.join(path.resolve(gitDir), 'objects') };
    await git(['init', '--bare', '--quiet', `--object-format=${format}`, tmp], { cwd: tmp });
    await git(['update-ref', 'refs/heads/bundle', commitId], { gitDir: tmp, env });
    await git(['symbolic-ref', 'HEAD', 'refs/heads/bundle'], { gitDir: tmp });
    await new Promise<void>((resolve, reject) => {
      const proc = spawnGit(['bundle', 'create', '--quiet', '-', '--all'], { gitDir: tmp, env });
      proc.stdin?.end();
      const err: Buffer[] = [];
      proc.stderr?.on('data', (c: Buffer) => err.push(c));
      proc.stdout?.pipe(out, { end: false });
      const stop = (): void => { proc.kill(); };
      out.once('close', stop);
      proc.on('error', reject);
      proc.on('close', (code) => {
        out.off('close', stop);
        if (code === 0) resolve();
        else reject(new Error(`git bundle failed (${code}): ${Buffer.concat(err).toString('utf8').trim()}`));
      });
    });
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

/** `git archive` of one commit, streamed as .zip or .tar.gz (nothing is buffered or written to disk). */
import { spawn } from 'node:child_process';
import type { Writable } from 'node:stream';

export type ArchiveFormat = 'zip' | 'tar.gz';

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
    const proc = spawn('git', args, { cwd: gitDir, env: { ...process.env, GIT_DIR: gitDir }, stdio: ['ignore', 'pipe', 'pipe'] });
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

/**
 * Generates the transport benchmark's repository with `git fast-import`: `commits` commits on main, each
 * changing one file to fresh random (incompressible) bytes, so the history holds about `bytes` of blobs.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { runGit } from '../../../server/git/process.ts';

export type ObjectFormat = 'sha1' | 'sha256';

/** Writes to a stream, waiting when it asks for a pause. */
async function write(out: Writable, data: string | Buffer): Promise<void> {
  if (!out.write(data)) await once(out, 'drain');
}

async function streamHistory(out: Writable, commits: number, bytes: number): Promise<void> {
  const blobSize = Math.max(1, Math.floor(bytes / commits));
  const start = 1_600_000_000;
  for (let i = 1; i <= commits; i++) {
    const blob = randomBytes(blobSize);
    await write(out, `blob\nmark :${2 * i - 1}\ndata ${blob.length}\n`);
    await write(out, blob);
    const msg = `commit ${i}\n`;
    const who = `Bench <bench@example.com> ${start + i * 60} +0000`;
    await write(out, `\ncommit refs/heads/main\nmark :${2 * i}\nauthor ${who}\ncommitter ${who}\ndata ${msg.length}\n${msg}`);
    if (i > 1) await write(out, `from :${2 * i - 2}\n`);
    await write(out, `M 100644 :${2 * i - 1} d${i % 16}/f${i % 200}.bin\n\n`);
  }
  out.end();
}

/** Creates the bare repository at `gitDir` and fills it; resolves when fast-import has finished. */
export async function generateRepo(gitDir: string, format: ObjectFormat, commits: number, bytes: number): Promise<void> {
  const init = await runGit(['init', '--bare', '-q', `--object-format=${format}`, '-b', 'main', gitDir]);
  if (init.code !== 0) throw new Error(init.stderr);
  const child = spawn('git', ['fast-import', '--quiet'], { env: { ...process.env, GIT_DIR: gitDir }, stdio: ['pipe', 'ignore', 'inherit'] });
  const done = new Promise<number | null>((resolve) => child.on('close', resolve));
  await streamHistory(child.stdin, commits, bytes);
  const code = await done;
  if (code !== 0) throw new Error(`git fast-import exited with ${code}`);
}

/**
 * Adds `commits` small commits on branch `name` of the repository at `gitDir`, starting from `from` (a commit),
 * in one `git fast-import` run; commit i writes `<name>-<i % 10>.txt`. Returns nothing; the branch ref is set.
 */
export async function appendBranch(gitDir: string, name: string, from: string, commits: number): Promise<void> {
  const child = spawn('git', ['fast-import', '--quiet'], { env: { ...process.env, GIT_DIR: gitDir }, stdio: ['pipe', 'ignore', 'inherit'] });
  const done = new Promise<number | null>((resolve) => child.on('close', resolve));
  const start = 1_700_000_000;
  for (let i = 0; i < commits; i++) {
    const body = `${name} ${i}\n`;
    const msg = `${name} ${i}\n`;
    const who = `Bench <bench@example.com> ${start + i * 60} +0000`;
    await write(child.stdin, `commit refs/heads/${name}\ncommitter ${who}\ndata ${msg.length}\n${msg}`);
    if (i === 0) await write(child.stdin, `from ${from}\n`);
    await write(child.stdin, `M 100644 inline ${name}-${i % 10}.txt\ndata ${Buffer.byteLength(body)}\n${body}\n`);
  }
  child.stdin.end();
  const code = await done;
  if (code !== 0) throw new Error(`git fast-import exited with ${code}`);
}

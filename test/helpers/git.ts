/** Runs the real git CLI against a test host: a temp HOME, no prompts, credentials in the URL or a header. */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface GitRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** A scratch area with its own HOME for git commands; remove it with `dispose`. */
export interface GitSandbox {
  dir: string;
  run(args: string[], opts?: { cwd?: string; env?: Record<string, string> }): Promise<GitRun>;
  /** Like run, but throws with stderr when git fails. */
  ok(args: string[], opts?: { cwd?: string; env?: Record<string, string> }): Promise<string>;
  dispose(): Promise<void>;
}

/** Creates a sandbox: HOME in a temp dir with a committer identity and nothing else. */
export async function gitSandbox(): Promise<GitSandbox> {
  const dir = await mkdtemp(path.join(tmpdir(), 'homeforge-git-'));
  const home = path.join(dir, 'home');
  await mkdir(home);
  await writeFile(path.join(home, '.gitconfig'), '[user]\n\tname = Test User\n\temail = test@example.com\n[init]\n\tdefaultBranch = main\n');
  const run = (args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}) => new Promise<GitRun>((resolve, reject) => {
    const env: NodeJS.ProcessEnv = {};
    for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) env[k] = v;
    Object.assign(env, { HOME: home, GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', GIT_ASKPASS: '', SSH_ASKPASS: '' }, opts.env);
    const child = spawn('git', args, { cwd: opts.cwd ?? dir, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => { stdout += c.toString(); });
    child.stderr.on('data', (c: Buffer) => { stderr += c.toString(); });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
  return {
    dir,
    run,
    ok: async (args, opts) => {
      const r = await run(args, opts);
      if (r.code !== 0) throw new Error(`git ${args.join(' ')} failed (${r.code}): ${r.stderr}`);
      return r.stdout;
    },
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

/** `base` with user and password (or token) put in the URL. */
export function withCredentials(url: string, user: string, password: string): string {
  const u = new URL(url);
  u.username = encodeURIComponent(user);
  u.password = encodeURIComponent(password);
  return u.toString();
}

/** Makes a local repository at `dir` with one commit of `files`; returns the commit id. */
export async function makeRepo(g: GitSandbox, dir: string, files: Record<string, string | Buffer>, format: 'sha1' | 'sha256' = 'sha1'): Promise<string> {
  await g.ok(['init', '-q', `--object-format=${format}`, '-b', 'main', dir]);
  await commitFiles(g, dir, files, 'first commit');
  return (await g.ok(['rev-parse', 'HEAD'], { cwd: dir })).trim();
}

/** Writes `files` in the work tree of `dir` and commits them; returns the new commit id. */
export async function commitFiles(g: GitSandbox, dir: string, files: Record<string, string | Buffer>, message: string): Promise<string> {
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
  }
  await g.ok(['add', '-A'], { cwd: dir });
  await g.ok(['commit', '-q', '-m', message], { cwd: dir });
  return (await g.ok(['rev-parse', 'HEAD'], { cwd: dir })).trim();
}

/** What the pull-request tests share: a host, a token, a git sandbox, and pushing branches with the real git client. */
import path from 'node:path';
import { writeFile, mkdir } from 'node:fs/promises';
import { ADMIN, createToken, startHost, type TestHost } from '../helpers/host.ts';
import { gitSandbox, withCredentials, type GitSandbox } from '../helpers/git.ts';

export interface PullWorld {
  h: TestHost;
  token: string;
  g: GitSandbox;
  stop(): Promise<void>;
}

/** Starts a host with a token of the administrator and a git sandbox. */
export async function pullWorld(settings: Record<string, string> = {}): Promise<PullWorld> {
  const h = await startHost({ settings: { 'webhook.ALLOWED_HOST_LIST': 'loopback', ...settings } });
  const token = await createToken(h, ADMIN.username, ADMIN.password);
  const g = await gitSandbox();
  return { h, token, g, stop: async () => { await h.stop(); await g.dispose(); } };
}

/** A local clone of `owner/repo` (pushed to as the administrator unless `user` says otherwise). */
export async function cloneOf(w: PullWorld, owner: string, repo: string, user = ADMIN.username, password = ADMIN.password): Promise<string> {
  const dir = path.join(w.g.dir, `${repo}-${Math.random().toString(36).slice(2)}`);
  await w.g.ok(['clone', '-q', withCredentials(`${w.h.url}/${owner}/${repo}.git`, user, password), dir]);
  return dir;
}

/** Writes files in a clone and commits them; returns the new commit id. */
export async function commitFiles(w: PullWorld, dir: string, files: Record<string, string>, message: string): Promise<string> {
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
  }
  await w.g.ok(['add', '-A'], { cwd: dir });
  await w.g.ok(['commit', '-q', '-m', message], { cwd: dir });
  return (await w.g.ok(['rev-parse', 'HEAD'], { cwd: dir })).trim();
}

/** Creates a repository of the administrator with a first commit on main (SHA1 or SHA256). */
export async function newRepo(w: PullWorld, name: string, format: 'sha1' | 'sha256' = 'sha1'): Promise<void> {
  const r = await w.h.api('POST', '/user/repos', { auth: w.token, body: { name, auto_init: true, object_format_name: format } });
  if (r.status !== 201) throw new Error(`repository ${name} not created: ${r.status} ${JSON.stringify(r.body)}`);
}

/** Makes branch `branch` from main in a clone with `files` committed, and pushes it. */
export async function pushBranch(w: PullWorld, dir: string, branch: string, files: Record<string, string>, message = `change on ${branch}`, from = 'origin/main'): Promise<string> {
  await w.g.ok(['checkout', '-q', '-B', branch, from], { cwd: dir });
  const sha = await commitFiles(w, dir, files, message);
  await w.g.ok(['push', '-q', 'origin', `${branch}:${branch}`], { cwd: dir });
  return sha;
}

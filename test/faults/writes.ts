/**
 * Writes for the fault tests, each recorded in a ledger once the host acknowledged it (a 2xx, or a git push
 * that exited 0), with a check that the write is still there later (after a kill and restart, or a load run).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { request, type ApiResponse, type RequestOpts } from '../helpers/host.ts';
import { commitFiles, withCredentials, type GitSandbox } from '../helpers/git.ts';
import { storagePathFor } from '../../server/store/repos.ts';

/** Where the writes go: the host's current URL (it changes at each restart), an admin token, its data dir. */
export interface Target {
  url: string;
  token: string;
  dataDir: string;
  user: string;
}

/** A write the host acknowledged, and how to check it is still there (null: fine, else the problem). */
export interface Ack {
  what: string;
  verify(t: Target): Promise<string | null>;
}

/** A failure to reach the host (killed, or a transport error): the write may or may not have happened. */
export class Unreachable extends Error {}

/** Sends an API request; a network failure becomes Unreachable. */
export async function call(t: Target, method: string, p: string, o: RequestOpts = {}): Promise<ApiResponse> {
  try {
    return await request(t.url, method, `/api/v1${p}`, { auth: t.token, ...o });
  } catch (err) {
    throw new Unreachable(`${method} ${p}: ${(err as Error).message}`);
  }
}

/** The acknowledged writes and the answers that were not acknowledged. */
export class Ledger {
  readonly acks: Ack[] = [];
  /** Unexpected answers to a write (`http`), or git pushes that failed; `at` is when (ms since epoch). */
  readonly errors: { http: boolean; at: number; text: string }[] = [];

  /** Runs every check, `concurrency` at a time; returns the problems. */
  async verifyAll(t: Target, concurrency = 8): Promise<string[]> {
    const problems: string[] = [];
    let next = 0;
    const run = async (): Promise<void> => {
      while (next < this.acks.length) {
        const a = this.acks[next++]!;
        const p = await a.verify(t);
        if (p) problems.push(`${a.what}: ${p}`);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, run));
    return problems;
  }

  /** Records `res` as acknowledged when its status is `want`, else as an error. */
  accept(res: ApiResponse, want: number, what: string, verify: Ack['verify']): boolean {
    if (res.status === want) {
      this.acks.push({ what, verify });
      return true;
    }
    this.fail(true, `${what}: ${res.status} ${res.text.slice(0, 200)}`);
    return false;
  }

  /** Records an unexpected outcome. */
  fail(http: boolean, text: string): void {
    this.errors.push({ http, at: Date.now(), text });
  }
}

const present = async (t: Target, p: string): Promise<string | null> => {
  const res = await call(t, 'GET', p);
  return res.status === 200 ? null : `GET ${p} answered ${res.status}`;
};

/** POST /admin/users. */
export async function createUser(t: Target, l: Ledger, name: string): Promise<void> {
  const res = await call(t, 'POST', '/admin/users', { body: { username: name, email: `${name}@example.com`, password: `${name}-pass-1`, must_change_password: false } });
  l.accept(res, 201, `user ${name}`, (v) => present(v, `/users/${name}`));
}

/** POST /users/:admin/tokens; the token must still authenticate later. */
export async function createToken(t: Target, l: Ledger, name: string, password: string): Promise<void> {
  const res = await call(t, 'POST', `/users/${t.user}/tokens`, { auth: [t.user, password], body: { name, scopes: ['all'] } });
  const sha1 = res.body?.sha1 as string | undefined;
  l.accept(res, 201, `token ${name}`, async (v) => {
    const who = await call(v, 'GET', '/user', { auth: sha1 });
    return who.status === 200 ? null : `the token answers ${who.status}`;
  });
}

/** Creates a token, then deletes it; the deleted token must stay refused. */
export async function createAndDeleteToken(t: Target, l: Ledger, name: string, password: string): Promise<void> {
  const made = await call(t, 'POST', `/users/${t.user}/tokens`, { auth: [t.user, password], body: { name, scopes: ['all'] } });
  if (!l.accept(made, 201, `token ${name}`, async () => null)) return;
  const sha1 = made.body.sha1 as string;
  const gone = await call(t, 'DELETE', `/users/${t.user}/tokens/${made.body.id as number}`, { auth: [t.user, password] });
  l.accept(gone, 204, `token ${name} deleted`, async (v) => {
    const who = await call(v, 'GET', '/user', { auth: sha1 });
    return who.status === 401 ? null : `the deleted token answers ${who.status}`;
  });
}

/** POST /user/repos. */
export async function createRepo(t: Target, l: Ledger, name: string, autoInit: boolean): Promise<boolean> {
  const res = await call(t, 'POST', '/user/repos', { body: { name, auto_init: autoInit, private: !autoInit } });
  return l.accept(res, 201, `repo ${name}`, (v) => present(v, `/repos/${v.user}/${name}`));
}

/** A value edited in turn by one client: the stored value must be the last acknowledged one or a later one. */
export interface Edited {
  path: string;
  n: number;
  acked: number;
  registered?: boolean;
  /** One edit at a time: two in flight may land in either order, and then neither is "the last". */
  busy?: boolean;
}

/** PATCH a repository's description to `d-<n>`. */
export async function editRepo(t: Target, l: Ledger, e: Edited): Promise<void> {
  if (e.busy) return;
  e.busy = true;
  const n = ++e.n;
  const res = await call(t, 'PATCH', e.path, { body: { description: `d-${n}` } }).finally(() => { e.busy = false; });
  if (res.status !== 200) return l.fail(true, `edit ${e.path}: ${res.status} ${res.text.slice(0, 200)}`);
  e.acked = Math.max(e.acked, n);
  if (e.registered) return;
  e.registered = true;
  l.acks.push({
    what: `edits of ${e.path}`,
    verify: async (v) => {
      const got = await call(v, 'GET', e.path);
      const k = Number(/^d-(\d+)$/.exec(String(got.body?.description))?.[1] ?? -1);
      return k >= e.acked ? null : `description d-${k}, acknowledged d-${e.acked}`;
    },
  });
}

/** POST a hook on a repository (inactive), then PATCH its URL as an edit. */
export async function createHook(t: Target, l: Ledger, repoPath: string, n: number): Promise<void> {
  const url = `http://127.0.0.1:9/hook-${n}`;
  const res = await call(t, 'POST', `${repoPath}/hooks`, { body: { type: 'gitea', active: false, config: { url, content_type: 'json' } } });
  const id = res.body?.id as number | undefined;
  if (!l.accept(res, 201, `hook ${n} of ${repoPath}`, (v) => present(v, `${repoPath}/hooks/${id}`))) return;
  const edit = await call(t, 'PATCH', `${repoPath}/hooks/${id}`, { body: { config: { url: `${url}-edited`, content_type: 'json' } } });
  l.accept(edit, 200, `hook ${n} edit`, async (v) => {
    const got = await call(v, 'GET', `${repoPath}/hooks/${id}`);
    return got.body?.config?.url === `${url}-edited` ? null : `hook url ${String(got.body?.config?.url)}`;
  });
}

/** Runs git in `cwd` with `args`; resolves with the exit code and stderr. */
export function git(args: string[], cwd: string): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn('git', args, { cwd, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => { out += c.toString(); });
    child.stderr.on('data', (c: Buffer) => { err += c.toString(); });
    child.on('close', (code) => resolve({ code: code ?? -1, out, err }));
  });
}

/** A repository pushed to by one client, with its local clone and the last pushed commit git acknowledged. */
export interface Pushed {
  repo: string;
  /** The branch pushed to; main when not given. */
  branch?: string;
  repoId: number;
  local: string;
  commits: number;
  acked: string | null;
}

/** The bare git directory of a repository id in a data dir. */
export const bareDir = (dataDir: string, repoId: number): string => path.join(dataDir, 'repositories', storagePathFor(repoId));

/** Commits a small file and pushes it to the branch; on exit 0 the commit is acknowledged. */
export async function push(t: Target, l: Ledger, g: GitSandbox, p: Pushed): Promise<void> {
  const n = ++p.commits;
  const sha = await commitFiles(g, p.local, { [`f-${n % 7}.txt`]: `${p.repo} ${n}\n` }, `commit ${n}`);
  const url = withCredentials(`${t.url}/${t.user}/${p.repo}.git`, t.user, t.token);
  const branch = `refs/heads/${p.branch ?? 'main'}`;
  const r = await g.run(['push', '-q', url, `HEAD:${branch}`], { cwd: p.local });
  if (r.code !== 0) {
    if (/Could not connect|Failed to connect|Connection refused|Empty reply|RPC failed|unable to access|remote end hung up|Recv failure/i.test(r.stderr)) throw new Unreachable(r.stderr);
    return l.fail(false, `push ${p.repo}: exit ${r.code} ${r.stderr.trim().slice(0, 300)}`);
  }
  const first = p.acked === null;
  p.acked = sha;
  if (!first) return;
  l.acks.push({
    what: `pushes to ${p.repo}`,
    verify: async (v) => {
      const r2 = await git(['merge-base', '--is-ancestor', p.acked!, branch], bareDir(v.dataDir, p.repoId));
      return r2.code === 0 ? null : `acknowledged commit ${p.acked} is not on ${branch} (${r2.code} ${r2.err.trim()})`;
    },
  });
}

/**
 * A user with two repositories, then DELETE /admin/users/{u}?purge=true: a multi-document change (records,
 * bare repositories, hooks, the user). Once acknowledged, the user and its repositories stay gone.
 */
export async function createAndPurgeUser(t: Target, l: Ledger, name: string): Promise<void> {
  const made = await call(t, 'POST', '/admin/users', { body: { username: name, email: `${name}@example.com`, password: `${name}-pass-1`, must_change_password: false } });
  if (!l.accept(made, 201, `user ${name}`, async () => null)) return;
  for (const r of ['a', 'b']) {
    const repo = await call(t, 'POST', `/admin/users/${name}/repos`, { body: { name: `${name}-${r}`, auto_init: r === 'a' } });
    if (!l.accept(repo, 201, `repo ${name}/${name}-${r}`, async () => null)) return;
  }
  const gone = await call(t, 'DELETE', `/admin/users/${name}?purge=true`);
  l.accept(gone, 204, `user ${name} purged`, async (v) => {
    const u = await call(v, 'GET', `/users/${name}`);
    const repo = await call(v, 'GET', `/repos/${name}/${name}-a`);
    return u.status === 404 && repo.status === 404 ? null : `after the purge: user ${u.status}, repository ${repo.status}`;
  });
}

/** Builds repositories with real git for the repository reading tests. */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { ADMIN, type TestHost } from '../helpers/host.ts';
import { withCredentials } from '../helpers/git.ts';
import type { ObjectFormat, RepoRecord } from '../../server/store/records.ts';
import * as repoStore from '../../server/store/repos.ts';

const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Root', GIT_AUTHOR_EMAIL: 'root@example.com', GIT_COMMITTER_NAME: 'Root', GIT_COMMITTER_EMAIL: 'root@example.com',
  GIT_CONFIG_NOSYSTEM: '1', HOME: tmpdir(), GIT_TERMINAL_PROMPT: '0',
};

/** Runs git in `cwd` and returns trimmed stdout. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: GIT_ENV }).toString('utf8').trim();
}

/** Runs git without blocking the event loop (needed when the host in this process serves the command). */
export function gitAsync(cwd: string, ...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', args, { cwd, env: GIT_ENV }, (err, stdout, stderr) => (err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout.trim())));
  });
}

/** A PNG header followed by bytes with NULs: binary content. */
export const BINARY = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from([0, 1, 2, 3, 255, 0, 7])]);

export interface Work {
  dir: string;
  commits: string[];
  /** Commits a file and returns the new commit id. */
  commit(files: Record<string, string | Buffer>, message: string, date?: number): Promise<string>;
  cleanup(): Promise<void>;
}

/** A local work repository of the given object format with branch main. */
export async function makeWork(format: ObjectFormat): Promise<Work> {
  const dir = await mkdtemp(path.join(tmpdir(), 'hf-work-'));
  git(dir, 'init', '-q', `--object-format=${format}`, '-b', 'main');
  const work: Work = {
    dir,
    commits: [],
    async commit(files, message, date) {
      for (const [name, content] of Object.entries(files)) {
        await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
        await writeFile(path.join(dir, name), content);
      }
      git(dir, 'add', '-A');
      const stamp = `${date ?? 1_700_000_000 + work.commits.length * 60} +0200`;
      execFileSync('git', ['commit', '-q', '-m', message], { cwd: dir, env: { ...GIT_ENV, GIT_AUTHOR_DATE: stamp, GIT_COMMITTER_DATE: stamp } });
      const id = git(dir, 'rev-parse', 'HEAD');
      work.commits.push(id);
      return id;
    },
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
  return work;
}

/** Creates a repository of `ADMIN` through POST /user/repos and returns its stored record. */
export async function createRepo(h: TestHost, token: string, name: string, format: ObjectFormat, isPrivate = false): Promise<RepoRecord> {
  const res = await h.api('POST', '/user/repos', { auth: token, body: { name, private: isPrivate, object_format_name: format } });
  if (res.status !== 201) throw new Error(`repository create failed: ${res.status} ${res.text}`);
  const repo = await repoStore.getById(h.app.store, res.body.id as number);
  if (!repo) throw new Error('created repository not stored');
  return repo;
}

/** Pushes refs of the work repository to the host over smart HTTP as `ADMIN` (default: main). */
export async function pushHttp(h: TestHost, token: string, repo: RepoRecord, work: Work, ...refspecs: string[]): Promise<void> {
  const url = withCredentials(`${h.url}/${ADMIN.username}/${repo.name}.git`, ADMIN.username, token);
  await gitAsync(work.dir, 'push', '-q', '--force', url, ...(refspecs.length ? refspecs : ['main']));
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET with node:http (fetch would add Cache-Control: no-cache and defeat If-None-Match). */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    // The path is sent exactly as written: a URL object would normalise `..` segments away.
    const origin = new URL(url).origin;
    const { hostname, port } = new URL(origin);
    http.get({ hostname, port, path: url.slice(origin.length), headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

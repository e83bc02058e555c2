/** Builds repositories with real git for the repository reading tests. */
import { execFileSync } from 'node:child_process';
import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { TestHost } from '../helpers/host.ts';
import type { ObjectFormat, RepoRecord } from '../../server/store/records.ts';
import * as repoStore from '../../server/store/repos.ts';
import * as userStore from '../../server/store/users.ts';
import { invalidateRepo } from '../../server/services/repo-cache.ts';

const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Root', GIT_AUTHOR_EMAIL: 'root@example.com', GIT_COMMITTER_NAME: 'Root', GIT_COMMITTER_EMAIL: 'root@example.com',
  GIT_CONFIG_NOSYSTEM: '1', HOME: tmpdir(),
};

/** Runs git in `cwd` and returns trimmed stdout. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: GIT_ENV }).toString('utf8').trim();
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

/** Creates a repository record owned by `ownerName` and its bare repository. */
export async function createRepo(h: TestHost, ownerName: string, name: string, format: ObjectFormat, isPrivate = false): Promise<RepoRecord> {
  const owner = await userStore.getByName(h.app.store, ownerName);
  if (!owner) throw new Error(`no user ${ownerName}`);
  const now = new Date().toISOString();
  const repo = await repoStore.insert(h.app.store, (id) => ({
    id, owner_id: owner.id, name, lower_name: name.toLowerCase(), description: '', website: '', default_branch: 'main',
    object_format: format, storage_path: repoStore.storagePathFor(id), is_private: isPrivate, is_empty: true, is_archived: false,
    archived_at: null, is_template: false, is_mirror: false, is_fork: false, fork_id: 0,
    units: { has_code: true, has_issues: true, has_wiki: true, has_pull_requests: true, has_projects: true, has_releases: true, has_packages: true, has_actions: true },
    options: {}, size_kb: 0, created: now, updated: now,
  } as RepoRecord));
  const gitDir = repoStore.gitDirOf(h.app.store, repo);
  await mkdir(gitDir, { recursive: true });
  git(gitDir, 'init', '-q', '--bare', `--object-format=${format}`, '-b', 'main');
  return repo;
}

/** Pushes refs of the work repository straight into the bare repository, then tells the host, as push processing does. */
export async function pushDirect(h: TestHost, repo: RepoRecord, work: Work, ...refspecs: string[]): Promise<void> {
  git(work.dir, 'push', '-q', '--force', repoStore.gitDirOf(h.app.store, repo), ...(refspecs.length ? refspecs : ['main']));
  await repoStore.update(h.app.store, repo.id, (r) => { r.is_empty = false; });
  invalidateRepo(h.app, repo.id);
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

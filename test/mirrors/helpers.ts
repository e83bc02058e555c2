/** Two real hosts on loopback (an upstream and the one that mirrors), a git sandbox, and polling helpers. */
import path from 'node:path';
import assert from 'node:assert/strict';
import { startHost, createToken, ADMIN, type TestHost } from '../helpers/host.ts';
import { gitSandbox, withCredentials, makeRepo, commitFiles, type GitSandbox } from '../helpers/git.ts';
import type { HookEvent } from '../../server/services/events/bus.ts';

export { ADMIN, commitFiles, withCredentials };

export interface Pair {
  up: TestHost;
  down: TestHost;
  g: GitSandbox;
  /** Admin tokens on each host. */
  upToken: string;
  downToken: string;
  /** Events fired on the mirroring host. */
  events: HookEvent[];
  stop(): Promise<void>;
}

/**
 * Settings of a mirroring host whose upstreams listen on loopback and in temp folders: the owner's explicit
 * choice, since Gitea's defaults refuse both.
 */
export const LOCAL_SOURCES = { 'migrations.ALLOW_LOCALNETWORKS': 'true', 'security.IMPORT_LOCAL_PATHS': 'true' };

/** Starts an upstream host and a mirroring host whose `[mirror] MIN_INTERVAL` is 1s, allowed to mirror local sources. */
export async function startPair(settings: Record<string, string> = {}): Promise<Pair> {
  const up = await startHost();
  const down = await startHost({ mirrorIntervalFloorMs: 1000, settings: { 'mirror.MIN_INTERVAL': '1s', ...LOCAL_SOURCES, ...settings } });
  const g = await gitSandbox();
  const events: HookEvent[] = [];
  down.app.events.listen(async (e) => { events.push(e); });
  return {
    up, down, g, events,
    upToken: await createToken(up, ADMIN.username, ADMIN.password),
    downToken: await createToken(down, ADMIN.username, ADMIN.password),
    stop: async () => {
      await down.stop();
      await up.stop();
      await g.dispose();
    },
  };
}

/** Creates `name` on the upstream host (private unless told) and pushes a work tree with one commit; returns the work dir. */
export async function upstreamRepo(p: Pair, name: string, opts: { format?: 'sha1' | 'sha256'; private?: boolean } = {}): Promise<string> {
  const format = opts.format ?? 'sha1';
  const res = await p.up.api('POST', '/user/repos', { auth: p.upToken, body: { name, private: opts.private ?? true, object_format_name: format } });
  assert.equal(res.status, 201, res.text);
  const work = path.join(p.g.dir, `${name}-work`);
  await makeRepo(p.g, work, { 'README.md': `# ${name}\n` }, format);
  await p.g.ok(['push', '-q', upstreamUrl(p, name, true), 'main'], { cwd: work });
  return work;
}

/** The upstream clone URL, with the admin's token in it when `withAuth`. */
export function upstreamUrl(p: Pair, name: string, withAuth = false): string {
  const url = `${p.up.url}/${ADMIN.username}/${name}.git`;
  return withAuth ? withCredentials(url, ADMIN.username, p.upToken) : url;
}

/** The refs of a repository on a host, through the API: branch name → commit id. */
export async function branches(h: TestHost, token: string, repo: string): Promise<Record<string, string>> {
  const res = await h.api('GET', `/repos/${ADMIN.username}/${repo}/branches?limit=50`, { auth: token });
  assert.equal(res.status, 200, res.text);
  return Object.fromEntries((res.body as { name: string; commit: { id: string } }[]).map((b) => [b.name, b.commit.id]));
}

/** Polls `check` until it returns something truthy, up to `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined | false | null>, timeoutMs = 15_000, what = 'condition'): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits `ms` (only where a test shows that something does NOT happen). */
export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

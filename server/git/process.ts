/**
 * Spawning the system `git`: the only way Homeforge touches a repository's files. A clean environment
 * (no user or system config, no inherited GIT_* variables, never a prompt) so results do not depend on
 * the desktop user's own git setup.
 */
import type { Duplex } from 'node:stream';
import os from 'node:os';
import { launchGit, launchGitWithChannel, type GitChild } from './spawner.ts';

export interface GitOptions {
  /** The bare repository to run in (passed as GIT_DIR). */
  gitDir?: string;
  /** Working directory; defaults to the process's. */
  cwd?: string;
  /** Extra environment on top of the clean one. */
  env?: Record<string, string>;
  /** Written to stdin, then stdin is closed. */
  input?: string | Buffer;
  /** Kills git after this many milliseconds. Default 10 minutes. */
  timeoutMs?: number;
  /** Runs git (and the processes it starts after this) at the lowest CPU priority: background upkeep. */
  lowPriority?: boolean;
  /** How much nicer than the host git (and the processes it starts) runs: the transport's FETCH_NICE or PUSH_NICE. */
  nice?: number;
  /** Kills git when aborted (a stopping host's background work). */
  signal?: AbortSignal;
}

export interface GitResult {
  code: number;
  stdout: Buffer;
  stderr: string;
}

/** A git command that exited with a non-zero status. */
export class GitError extends Error {
  readonly code: number;
  readonly stderr: string;
  constructor(args: string[], code: number, stderr: string) {
    super(`git ${args[0] ?? ''} failed with status ${code}: ${stderr.trim().slice(0, 500)}`);
    this.code = code;
    this.stderr = stderr;
  }
}

/**
 * How much nicer than the host the transport's git runs, from `HOMEFORGE_GIT_BULK_NICE` (0-19, default 0) unless the
 * side's own setting below is given. A nicer git lets the host's event loop win the CPU from it, but on a machine
 * busy with other work clones and pushes then get only a small share of the CPU (10 made a clone 3.3x and a push
 * 1.8x git http-backend's under a load of 30 on 2 cores, 0.6x and 1.35x at 0).
 */
export const BULK_NICE = transportNice(process.env).bulk;

/**
 * upload-pack (clones, fetches) and the pack-objects it starts, from `HOMEFORGE_GIT_FETCH_NICE` (0-19), else
 * BULK_NICE. Set apart from pushes so each side can be measured and set alone: at 10 clones stayed well within the
 * transport bench's target (0.80-0.91x http-backend's at load 5-8), but the soak's event-loop delay showed no gain
 * from niced clones alone (its pushers, which push as fast as they are served, then pushed more).
 */
export const FETCH_NICE = transportNice(process.env).fetch;

/** receive-pack (pushes) with its index-pack and hooks, from `HOMEFORGE_GIT_PUSH_NICE` (0-19), else BULK_NICE. */
export const PUSH_NICE = transportNice(process.env).push;

/** The three transport niceness settings from an environment: each side's own, else the bulk one, else 0. */
export function transportNice(env: NodeJS.ProcessEnv): { bulk: number; fetch: number; push: number } {
  const bulk = niceFrom(env.HOMEFORGE_GIT_BULK_NICE, 0);
  return { bulk, fetch: niceFrom(env.HOMEFORGE_GIT_FETCH_NICE, bulk), push: niceFrom(env.HOMEFORGE_GIT_PUSH_NICE, bulk) };
}

/** A niceness setting: an integer 0-19, else the default. */
export function niceFrom(raw: string | undefined, fallback: number): number {
  const n = Number(raw);
  return raw !== undefined && raw.trim() !== '' && Number.isInteger(n) && n >= 0 && n <= 19 ? n : fallback;
}

/**
 * Settings every git process gets, at the command-line level (above a repository's own config): no automatic gc or
 * maintenance after a fetch (mirrors, merges, forks). Only the host's upkeep repacks and prunes: scheduled, at the
 * lowest priority, and held while a backup copies object files, where git's own could delete packs it has listed.
 */
export const HOST_GIT_CONFIG: readonly (readonly [string, string])[] = [['gc.auto', '0'], ['maintenance.auto', 'false']];

/** The environment that gives git HOST_GIT_CONFIG and then `extra` (GIT_CONFIG_COUNT and its numbered pairs). */
export function gitConfigEnv(extra: readonly (readonly [string, string])[] = []): Record<string, string> {
  const entries = [...HOST_GIT_CONFIG, ...extra];
  const env: Record<string, string> = { GIT_CONFIG_COUNT: String(entries.length) };
  entries.forEach(([k, v], i) => { env[`GIT_CONFIG_KEY_${i}`] = k; env[`GIT_CONFIG_VALUE_${i}`] = v; });
  return env;
}

let inherited: NodeJS.ProcessEnv | null = null;

/**
 * The host's own environment without GIT_* variables, plus the fixed ones. Read once: going through
 * process.env costs a native call per variable, ~0.15 ms of the event loop per git process started.
 */
function baseEnv(): NodeJS.ProcessEnv {
  if (inherited) return inherited;
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) env[k] = v;
  Object.assign(env, {
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: os.devNull,
    GIT_TERMINAL_PROMPT: '0',
    LC_ALL: 'C',
  }, gitConfigEnv());
  inherited = env;
  return env;
}

/** The environment every git process gets. */
export function gitEnv(opts: Pick<GitOptions, 'gitDir' | 'env'> = {}): NodeJS.ProcessEnv {
  return { ...baseEnv(), ...(opts.gitDir ? { GIT_DIR: opts.gitDir } : {}), ...opts.env };
}

/** Starts git with streams open, for the transport (upload-pack, receive-pack) and long-lived readers. */
export function spawnGit(args: string[], opts: GitOptions = {}): GitChild {
  return launchGit(args, { cwd: opts.cwd ?? opts.gitDir ?? process.cwd(), env: gitEnv(opts), lowPriority: opts.lowPriority, nice: opts.nice ?? 0 });
}

/**
 * Starts git with a socket as its descriptor 3 as well (the pre-receive hook's channel to the host). Only
 * receive-pack asks for it, once per push; it starts through the spawner like every other git process.
 */
export function spawnGitWithChannel(args: string[], opts: GitOptions = {}): Promise<{ child: GitChild; channel: Duplex | null }> {
  return launchGitWithChannel(args, { cwd: opts.cwd ?? opts.gitDir ?? process.cwd(), env: gitEnv(opts), lowPriority: opts.lowPriority, nice: opts.nice ?? 0 });
}

/** Runs git to the end and collects its output; does not throw on a non-zero exit. */
export function runGit(args: string[], opts: GitOptions = {}): Promise<GitResult> {
  return new Promise((resolve, reject) => {
    const child = spawnGit(args, opts);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 600_000);
    const abort = (): void => { child.kill('SIGKILL'); };
    opts.signal?.addEventListener('abort', abort, { once: true });
    if (opts.signal?.aborted) abort();
    child.stdout?.on('data', (c: Buffer) => out.push(c));
    child.stderr?.on('data', (c: Buffer) => err.push(c));
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', abort);
      resolve({ code: code ?? -1, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8') });
    });
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(opts.input ?? '');
  });
}

/** Runs git and returns its stdout as text; throws GitError on a non-zero exit. */
export async function git(args: string[], opts: GitOptions = {}): Promise<string> {
  const r = await runGit(args, opts);
  if (r.code !== 0) throw new GitError(args, r.code, r.stderr);
  return r.stdout.toString('utf8');
}

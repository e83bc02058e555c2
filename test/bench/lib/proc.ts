/**
 * Child processes for the benchmarks: the Homeforge host as `npm start` runs it, and the small reference
 * servers. Memory is read from /proc (resident set of the process, all its threads included).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const ADMIN = { username: 'root', password: 'root-password-1', email: 'root@example.com' };

export interface ServerProcess {
  url: string;
  pid: number;
  /** Milliseconds from spawn to the first answered request. */
  startMs: number;
  /** The last 16 KB the process wrote to stderr (the host's log), for a failure's report. */
  log(): string;
  stop(): Promise<void>;
}

/** A free loopback port (listen on 0, read it, close). */
export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

/** Resident memory of a process in bytes (VmRSS), or the peak so far (VmHWM). */
export function rssOf(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : Number.NaN;
}

/** Samples a process's RSS every `everyMs` until stopped; returns the highest value seen. */
export function rssSampler(pid: number, everyMs = 20): { stop(): number } {
  let peak = rssOf(pid);
  const timer = setInterval(() => { try { peak = Math.max(peak, rssOf(pid)); } catch { /* exited */ } }, everyMs);
  return { stop: () => { clearInterval(timer); return peak; } };
}

function stopper(child: ChildProcess): () => Promise<void> {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(kill);
  };
}

/** Spawns `node <args> --port P` and polls `probe` until it answers 2xx. */
export async function spawnServer(args: string[], opts: { env?: NodeJS.ProcessEnv; probe: string; cwd?: string }): Promise<ServerProcess> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, [...args, '--port', String(port)], {
    cwd: opts.cwd ?? REPO_ROOT, env: { ...process.env, ...opts.env }, stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => { stderr = (stderr + c.toString()).slice(-16_000); });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}: ${stderr}`);
    const ok = await fetch(url + opts.probe).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  return { url, pid: child.pid ?? -1, startMs: performance.now() - t0, log: () => stderr, stop: stopper(child) };
}

/** How startHostProcess runs the host: node's arguments up to the entry, the folder it runs in, added environment. */
export interface HostProcessOptions {
  entry?: string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

/** Starts the host as `npm start` does (or from a compiled entry), with the admin created from the environment. */
export function startHostProcess(dataDir: string, o: HostProcessOptions = {}): Promise<ServerProcess> {
  const { entry = ['--import', 'tsx', 'server/cli.ts'], cwd, env = {} } = o;
  return spawnServer([...entry, '--data', dataDir], {
    cwd,
    probe: '/api/v1/version',
    env: {
      HOMEFORGE_ADMIN_USER: ADMIN.username, HOMEFORGE_ADMIN_PASSWORD: ADMIN.password, HOMEFORGE_ADMIN_EMAIL: ADMIN.email,
      HOMEFORGE__LOG__LEVEL: 'Error', ...env,
    },
  });
}

/** Sends a JSON API request with basic auth or a token; throws unless the status is 2xx. */
export async function api(url: string, method: string, p: string, auth: string | [string, string], body?: unknown): Promise<unknown> {
  const authorization = typeof auth === 'string' ? `token ${auth}` : `Basic ${Buffer.from(auth.join(':')).toString('base64')}`;
  const res = await fetch(`${url}/api/v1${p}`, {
    method, headers: { authorization, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** Creates an all-scope token for the admin. */
export async function adminToken(url: string): Promise<string> {
  const t = await api(url, 'POST', `/users/${ADMIN.username}/tokens`, [ADMIN.username, ADMIN.password], { name: `bench-${Date.now()}`, scopes: ['all'] });
  return (t as { sha1: string }).sha1;
}

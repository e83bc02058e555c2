/** Helpers of the soak benchmark: client processes, the host's loop-delay windows and I/O counters, integrity checks. */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const CLIENT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'soak-client.mjs');
export const LOOP_MONITOR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'loop-monitor.mjs');

/** A client process and the JSON line it prints at the end. */
export interface Client<T> { proc: ChildProcess; result: Promise<T> }

/** Starts `soak-client.mjs <role>` in its own node process (no TypeScript loader). */
export function startClient<T>(role: string, cfg: Record<string, unknown>): Client<T> {
  const proc = spawn(process.execPath, [CLIENT, role, JSON.stringify(cfg)], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  proc.stdout!.on('data', (c: Buffer) => { out += c.toString(); });
  proc.stderr!.on('data', (c: Buffer) => { err = (err + c.toString()).slice(-2000); });
  const result = new Promise<T>((resolve, reject) => {
    proc.on('close', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      try {
        resolve(JSON.parse(last) as T);
      } catch {
        reject(new Error(`soak client ${role} exited with ${code}: ${err}`));
      }
    });
  });
  return { proc, result };
}

/** The first line a client prints (the receiver's port). */
export function firstLine(c: Client<unknown>): Promise<string> {
  return new Promise((resolve) => {
    let buf = '';
    const on = (chunk: Buffer): void => {
      buf += chunk.toString();
      const nl = buf.indexOf('\n');
      if (nl >= 0) { c.proc.stdout!.off('data', on); resolve(buf.slice(0, nl)); }
    };
    c.proc.stdout!.on('data', on);
  });
}

export interface LoopWindow { p50: number; p99: number; max: number; p99Interval?: number; n: number; long?: number; longest?: number; gc?: { young: number[]; full: number[] }; mem?: Mem | null; now?: Mem & { worker: Mem | null } }

/** The window's largest V8 heap and node's external memory then (bytes). */
export interface Mem { heapTotal: number; heapUsed: number; external: number }

/** A process's resident memory from /proc/PID/smaps_rollup (bytes): anonymous (heaps, malloc) and file-backed (code, mapped files). */
export function smapsOf(pid: number): { rss: number; anon: number; file: number } {
  const text = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) * 1024;
  const rss = kb('Rss');
  const anon = kb('Anonymous');
  return { rss, anon, file: rss - anon };
}

/** Ends the host's current event-loop window (SIGUSR2 to the preloaded monitor) and returns its figures. */
export async function loopWindow(pid: number, file: string): Promise<LoopWindow> {
  const before = existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).length : 0;
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 100; i++) {
    await new Promise((r) => setTimeout(r, 20));
    const lines = existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean) : [];
    if (lines.length > before) return JSON.parse(lines[lines.length - 1]!) as LoopWindow;
  }
  throw new Error('the host did not report its event-loop delay');
}

/** Bytes a process has caused to be written to storage (its own and its reaped children's). */
export function writeBytes(pid: number): number {
  const m = /write_bytes:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'));
  return m ? Number(m[1]) : Number.NaN;
}

/** The direct child processes of `pid` (the host's git spawner among them). */
export function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** The command line of a process, or '' once it has gone. */
export function cmdlineOf(pid: number): string {
  try { return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' '); } catch { return ''; }
}

/** Every bare repository under the data dir's repositories folder. */
export function bareRepos(dataDir: string): string[] {
  const out: string[] = [];
  const walk = (d: string, depth: number): void => {
    if (existsSync(path.join(d, 'HEAD')) && existsSync(path.join(d, 'objects'))) { out.push(d); return; }
    if (depth > 4) return;
    for (const e of readdirSync(d, { withFileTypes: true })) if (e.isDirectory()) walk(path.join(d, e.name), depth + 1);
  };
  const root = path.join(dataDir, 'repositories');
  if (existsSync(root)) walk(root, 0);
  return out;
}

/** How many repositories `git fsck --strict` finds damaged (their names beside). */
export async function fsckAll(dirs: string[]): Promise<{ bad: string[] }> {
  const bad: string[] = [];
  for (const d of dirs) {
    await run('git', ['fsck', '--strict', '--no-progress'], { env: { ...process.env, GIT_DIR: d }, maxBuffer: 1 << 24 })
      .catch(() => { bad.push(path.basename(d)); });
  }
  return { bad };
}

/** The commit a branch points at on the host (ls-remote over HTTP), or '' when it is missing. */
export async function remoteBranch(url: string, branch: string): Promise<string> {
  const { stdout } = await run('git', ['ls-remote', url, `refs/heads/${branch}`], { env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } });
  return stdout.split('\t')[0]?.trim() ?? '';
}

/** A thread's CPU and its time waiting for a CPU (ms, from /proc schedstat), and its children's CPU; zeros where /proc is missing. */
export interface Sched { run: number; wait: number; childCpu: number }

/** The main thread's CPU and run-queue wait, and the CPU of its reaped children (the git spawner's: its git processes). */
export function schedOf(pid: number): Sched {
  try {
    const [run, wait] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').trim().split(' ').map(Number);
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ').map(Number);
    return { run: run! / 1e6, wait: wait! / 1e6, childCpu: (f[13]! + f[14]!) * 10 };
  } catch {
    return { run: 0, wait: 0, childCpu: 0 };
  }
}

/** The figures of `b` minus those of `a`. */
export function schedSince(a: Sched, b: Sched): Sched {
  return { run: b.run - a.run, wait: b.wait - a.wait, childCpu: b.childCpu - a.childCpu };
}

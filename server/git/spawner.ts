/**
 * Starting git without making the host's event loop wait. libuv's spawn forks the whole host and blocks the
 * calling thread until the child has exec'd: a few milliseconds for a small process, tens of milliseconds for a
 * busy host on a loaded machine, every request. A small spawner process (`spawner-child.mjs`, one per host
 * process, started on first use) forks git instead; the host only sends it a message and opens a unix-socket
 * connection that becomes git's stdin and stdout, so git's data never passes through the spawner.
 *
 * How it starts, under Node and inside Electron: spawner-launch.ts. Where it cannot run (Windows, or with
 * `HOMEFORGE_GIT_SPAWNER=0`), and if it fails to start, git is started directly as before.
 */
import { spawn } from 'node:child_process';
import { randomBytes, scrypt, type ScryptOptions } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, type Duplex, type Readable, type Writable } from 'node:stream';
import { helperScript, startHelper, type HelperProcess } from './spawner-launch.ts';

/** What callers use of a git child process; node's ChildProcess with piped streams fits it too. */
export interface GitChild extends EventEmitter {
  readonly pid: number | undefined;
  readonly exitCode: number | null;
  readonly stdin: Writable;
  readonly stdout: Readable;
  readonly stderr: Readable;
  kill(signal?: NodeJS.Signals): boolean;
}

export interface LaunchOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** 'ignore' gives git no stdin (end of file at once). */
  stdin?: 'pipe' | 'ignore';
  lowPriority?: boolean;
  /** How much nicer than the host git and the processes it starts run (as `nice -n`), unless lowPriority asks for the lowest. */
  nice?: number;
}

type FromSpawner =
  | { t: 'ready' } | { t: 'failed'; message: string }
  | { t: 'spawned'; id: number; pid: number }
  | { t: 'exit'; id: number; code: number | null; signal: NodeJS.Signals | null; stderr: string }
  | { t: 'error'; id: number; message: string }
  | { t: 'scrypted'; id: number; key?: string; error?: string };

/** One git process started by the spawner, seen from the host. */
class RemoteGit extends EventEmitter implements GitChild {
  pid: number | undefined;
  exitCode: number | null = null;
  readonly stdin = new PassThrough();
  readonly stdout = new PassThrough();
  readonly stderr = new PassThrough();
  private socket: net.Socket | null = null;
  /** The connection git holds as descriptor 3, when one was asked for. */
  channel: net.Socket | null = null;
  private exited = false;
  private socketClosed = false;
  private pendingKill: NodeJS.Signals | null = null;
  private closeArgs: [number | null, NodeJS.Signals | null] | null = null;

  constructor(readonly id: number, private readonly owner: Spawner) {
    super();
  }

  attach(socket: net.Socket): void {
    this.socket = socket;
    socket.on('error', () => undefined);
    socket.pipe(this.stdout);
    socket.on('close', () => { this.socketClosed = true; this.maybeClose(); });
  }

  spawned(pid: number): void {
    this.pid = pid;
    if (this.socket) this.stdin.pipe(this.socket);
    if (this.pendingKill) this.kill(this.pendingKill);
  }

  exit(code: number | null, signal: NodeJS.Signals | null, stderr: Buffer): void {
    if (this.exited) return;
    this.exited = true;
    this.exitCode = code;
    this.stderr.end(stderr);
    // As node does for its own children: streams nobody reads are drained, so 'close' still comes.
    if (this.stdout.listenerCount('data') === 0 && this.stdout.listenerCount('readable') === 0) this.stdout.resume();
    this.stdin.unpipe();
    if (this.socket) this.socket.end();
    else this.socketClosed = true;
    this.emit('exit', code, signal);
    this.closeArgs = [code, signal];
    this.maybeClose();
  }

  fail(err: Error): void {
    this.exited = true;
    this.socket?.destroy();
    this.channel?.destroy();
    this.stdout.end();
    this.stderr.end();
    this.emit('error', err);
  }

  /** Runs the process directly after all (the spawner could not start), with the same streams. */
  adopt(direct: GitChild): void {
    this.pid = direct.pid;
    this.socketClosed = true;
    this.stdin.pipe(direct.stdin);
    direct.stdin.on('error', () => undefined);
    direct.stdout.pipe(this.stdout);
    direct.stderr.pipe(this.stderr);
    direct.on('error', (err: Error) => { this.exited = true; this.owner.done(this.id); this.emit('error', err); });
    direct.on('exit', (code: number | null, signal: NodeJS.Signals | null) => { this.exited = true; this.exitCode = code; this.emit('exit', code, signal); });
    direct.on('close', (code: number | null, signal: NodeJS.Signals | null) => { this.owner.done(this.id); this.emit('close', code, signal); });
    if (this.pendingKill) direct.kill(this.pendingKill);
  }

  private maybeClose(): void {
    if (!this.exited || !this.socketClosed || !this.closeArgs) return;
    const args = this.closeArgs;
    this.closeArgs = null;
    this.owner.done(this.id);
    this.emit('close', ...args);
  }

  kill(signal: NodeJS.Signals = 'SIGTERM'): boolean {
    if (this.exited) return false;
    if (this.pid === undefined) this.pendingKill = signal;
    else this.owner.send({ t: 'kill', id: this.id, signal });
    return true;
  }
}

/** The spawner process and the git processes it runs for this host process. */
class Spawner {
  private readonly proc: HelperProcess;
  private readonly dir: string;
  private readonly sock: string;
  private readonly ready: Promise<void>;
  private readonly running = new Map<number, RemoteGit>();
  private readonly hashing = new Map<number, { resolve(key: Buffer): void; reject(err: Error): void }>();
  private nextId = 1;
  dead = false;

  constructor() {
    this.dir = mkdtempSync(path.join(os.tmpdir(), 'homeforge-git-'));
    this.sock = path.join(this.dir, 's');
    this.proc = startHelper(helperScript(), this.sock);
    this.proc.hold(false);
    this.ready = new Promise((resolve, reject) => {
      this.proc.onMessage((raw) => {
        const m = raw as FromSpawner;
        if (m.t === 'ready') resolve();
        else if (m.t === 'failed') reject(new Error(m.message));
        else this.onMessage(m);
      });
      this.proc.onExit((err) => reject(err ?? new Error('the git spawner exited')));
    });
    this.ready.catch(() => undefined);
    this.proc.onExit(() => this.onExit());
    process.once('exit', () => rmSync(this.dir, { recursive: true, force: true }));
  }

  private channelRef(on: boolean): void {
    this.proc.hold(on);
  }

  send(msg: object): void {
    if (!this.dead) this.proc.send(msg);
  }

  done(id: number): void {
    this.running.delete(id);
    this.hashing.delete(id);
    if (this.running.size === 0 && this.hashing.size === 0) this.channelRef(false);
  }

  /** Holds the channel for request `id` and waits for the spawner; a spawner that fails to start ends the request. */
  private async whenReady(id: number): Promise<void> {
    // Held from here: while the spawner starts, nothing else may keep the event loop alive.
    this.channelRef(true);
    try {
      await this.ready;
    } catch (err) {
      this.done(id);
      throw err;
    }
  }

  /** scrypt in the spawner process. */
  async scrypt(password: string, salt: Buffer, len: number, opts: ScryptOptions): Promise<Buffer> {
    const id = this.nextId++;
    const key = new Promise<Buffer>((resolve, reject) => this.hashing.set(id, { resolve, reject }));
    await this.whenReady(id);
    this.send({ t: 'scrypt', id, password, salt: salt.toString('base64'), len, opts });
    return key;
  }

  private onMessage(m: FromSpawner): void {
    if (!('id' in m)) return;
    if (m.t === 'scrypted') {
      const waiter = this.hashing.get(m.id);
      this.done(m.id);
      if (m.key !== undefined) waiter?.resolve(Buffer.from(m.key, 'base64'));
      else waiter?.reject(new Error(m.error ?? 'scrypt failed'));
      return;
    }
    const child = this.running.get(m.id);
    if (!child) return;
    if (m.t === 'spawned') child.spawned(m.pid);
    else if (m.t === 'exit') child.exit(m.code, m.signal, Buffer.from(m.stderr, 'base64'));
    else if (m.t === 'error') {
      this.done(m.id);
      child.fail(Object.assign(new Error(m.message), { code: 'ENOENT' }));
    }
  }

  private onExit(): void {
    this.dead = true;
    rmSync(this.dir, { recursive: true, force: true });
    // Their git processes run on unwatched; their callers see them end as killed.
    for (const child of [...this.running.values()]) child.exit(null, 'SIGKILL', Buffer.alloc(0));
    for (const waiter of this.hashing.values()) waiter.reject(new Error('the git spawner exited'));
    this.hashing.clear();
    if (current === this) current = null;
  }

  launch(args: string[], opts: LaunchOptions): GitChild {
    const id = this.nextId++;
    const child = new RemoteGit(id, this);
    if (opts.stdin === 'ignore') child.stdin.end();
    this.running.set(id, child);
    this.channelRef(true);
    const token = randomBytes(16).toString('hex');
    this.ready.then(() => {
      const socket = net.connect({ path: this.sock, allowHalfOpen: true });
      child.attach(socket);
      socket.write(`${token}\n`);
      this.send({ t: 'spawn', id, token, args, cwd: opts.cwd, env: opts.env, stdin: opts.stdin ?? 'pipe', lowPriority: opts.lowPriority ?? false, nice: opts.nice ?? 0 });
    }, () => {
      unavailable = true;
      child.adopt(directGit(args, opts));
    });
    return child;
  }

  /**
   * As launch, with a second connection that git holds as descriptor 3 (the spawner pairs it by the token and
   * `.3`). Waits until the spawner is ready; rejects when it cannot start.
   */
  async launchWithChannel(args: string[], opts: LaunchOptions): Promise<{ child: GitChild; channel: net.Socket }> {
    const id = this.nextId++;
    const child = new RemoteGit(id, this);
    this.running.set(id, child);
    await this.whenReady(id);
    const token = randomBytes(16).toString('hex');
    const socket = net.connect({ path: this.sock, allowHalfOpen: true });
    child.attach(socket);
    socket.write(`${token}\n`);
    const channel = net.connect({ path: this.sock, allowHalfOpen: true });
    channel.on('error', () => undefined);
    child.channel = channel;
    channel.write(`${token}.3\n`);
    this.send({ t: 'spawn', id, token, args, cwd: opts.cwd, env: opts.env, stdin: 'pipe', lowPriority: opts.lowPriority ?? false, nice: opts.nice ?? 0, channel: true });
    return { child, channel };
  }
}

let current: Spawner | null = null;
let unavailable = process.platform === 'win32';

/** Whether git processes go through the spawner (tests and the bench read it). */
export function spawnerInUse(): boolean {
  return !unavailable && process.env.HOMEFORGE_GIT_SPAWNER !== '0';
}

/**
 * scrypt for password hashes, in the spawner process where it runs (started with MALLOC_ARENA_MAX=2): the 16 MiB
 * each check allocates is not kept by the host's malloc arenas. In this process where the spawner cannot run.
 */
export async function helperScrypt(password: string, salt: Buffer, len: number, opts: ScryptOptions): Promise<Buffer> {
  if (spawnerInUse()) {
    try {
      current ??= new Spawner();
      return await current.scrypt(password, salt, len, opts);
    } catch {
      // The spawner is gone or could not start: hash here.
    }
  }
  return new Promise((resolve, reject) => scrypt(password, salt, len, opts, (err, key) => (err ? reject(err) : resolve(key))));
}

/** Starts git through the spawner, or directly where the spawner cannot run; the child's streams are all piped. */
export function launchGit(args: string[], opts: LaunchOptions): GitChild {
  if (spawnerInUse()) {
    try {
      current ??= new Spawner();
      return current.launch(args, opts);
    } catch {
      unavailable = true;
    }
  }
  return directGit(args, opts);
}

/**
 * Starts git with a socket as its descriptor 3 as well (receive-pack's channel to the pre-receive hook): through
 * the spawner, or directly where it cannot run. The child's streams are all piped.
 */
export async function launchGitWithChannel(args: string[], opts: LaunchOptions): Promise<{ child: GitChild; channel: Duplex | null }> {
  if (spawnerInUse()) {
    try {
      current ??= new Spawner();
      return await current.launchWithChannel(args, opts);
    } catch {
      unavailable = true;
    }
  }
  const child = spawn('git', args, { cwd: opts.cwd, env: opts.env, stdio: ['pipe', 'pipe', 'pipe', 'pipe'], windowsHide: true });
  lower(child.pid, opts);
  return { child: child as GitChild, channel: (child.stdio[3] as Duplex | null | undefined) ?? null };
}

/** Lowers a directly started git's priority as asked (the spawner does the same for its children). */
function lower(pid: number | undefined, opts: LaunchOptions): void {
  const nice = opts.lowPriority ? os.constants.priority.PRIORITY_LOW : opts.nice ? Math.min(19, os.getPriority() + opts.nice) : null;
  if (nice === null || pid === undefined) return;
  try { os.setPriority(pid, nice); } catch { /* keeps the default priority */ }
}

function directGit(args: string[], opts: LaunchOptions): GitChild {
  const child = spawn('git', args, { cwd: opts.cwd, env: opts.env, stdio: [opts.stdin ?? 'pipe', 'pipe', 'pipe'], windowsHide: true });
  lower(child.pid, opts);
  // A child without stdin still gets a stream, which goes nowhere.
  return (child.stdin ? child : Object.assign(child, { stdin: new PassThrough() })) as GitChild;
}

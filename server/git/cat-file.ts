/**
 * One long-lived `git cat-file --batch-command` process per repository (about 0.1 ms per object instead of a
 * spawned process per read). Requests are queued and answered in order; readers are pooled per host and closed
 * when idle, when their repository changes on disk, or when the host closes.
 */
import { launchGit, type GitChild } from './spawner.ts';

export interface GitObject {
  id: string;
  type: 'blob' | 'tree' | 'commit' | 'tag';
  size: number;
  /** The object's bytes; empty for an `info` request. */
  data: Buffer;
}

interface Pending {
  wantData: boolean;
  resolve: (obj: GitObject | null) => void;
  reject: (err: Error) => void;
}

/** Object names passed to the process: hex ids only, so no user input is ever read as a revision expression. */
const SAFE_NAME = /^[0-9a-f]{4,64}$/;

/** What object reads need from a reader: its `read` and `info`. */
export type ObjectReader = Pick<CatFileReader, 'read' | 'info'>;

/** A single `git cat-file --batch-command` process for one bare repository. */
export class CatFileReader {
  private readonly proc: GitChild;
  private readonly queue: Pending[] = [];
  private chunks: Buffer[] = [];
  private buffered = 0;
  /** The parsed header of the reply being received, once its line is in. */
  private header: { id: string; type: GitObject['type']; size: number } | null = null;
  private closed = false;
  /** Requests answered by this process; a pool statistic. */
  served = 0;
  lastUsed = Date.now();

  constructor(gitDir: string, onExit: () => void) {
    this.proc = launchGit(['cat-file', '--batch-command'], { cwd: gitDir, env: { ...process.env, GIT_DIR: gitDir } });
    this.proc.stdout.on('data', (chunk: Buffer) => this.onData(chunk));
    this.proc.stderr.resume();
    this.proc.stdin.on('error', () => undefined);
    this.proc.on('error', (err) => this.fail(err));
    this.proc.on('close', () => {
      this.fail(new Error('git cat-file exited'));
      onExit();
    });
  }

  /** True while the process accepts requests. */
  get alive(): boolean {
    return !this.closed;
  }

  /** The process id (tests count processes by it). */
  get pid(): number | undefined {
    return this.proc.pid;
  }

  /** Reads an object's type, size and bytes; null when it does not exist. */
  read(name: string): Promise<GitObject | null> {
    return this.request(`contents ${name}`, true, name);
  }

  /** Reads an object's type and size only; null when it does not exist. */
  info(name: string): Promise<GitObject | null> {
    return this.request(`info ${name}`, false, name);
  }

  /** Stops taking requests; the ones already sent are still answered before the process exits. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.proc.stdin.end();
  }

  private request(line: string, wantData: boolean, name: string): Promise<GitObject | null> {
    if (!SAFE_NAME.test(name)) return Promise.resolve(null);
    if (this.closed) return Promise.reject(new Error('git cat-file reader is closed'));
    this.lastUsed = Date.now();
    return new Promise((resolve, reject) => {
      this.queue.push({ wantData, resolve, reject });
      this.proc.stdin.write(`${line}\n`);
    });
  }

  private onData(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    while (this.queue.length && this.tryAnswer()) { /* answer as many as are complete */ }
  }

  /**
   * Answers the head of the queue when its whole reply is buffered. Linear in the bytes received: chunks are
   * kept in a list and joined once, when an object is complete (joining on every chunk was quadratic).
   */
  private tryAnswer(): boolean {
    const head = this.queue[0]!;
    if (!this.header) {
      const line = this.takeLine();
      if (line === null) return false;
      const parts = line.split(' ');
      if (parts.length !== 3) {
        // "<name> missing" or "<name> ambiguous"
        this.finish(head, null);
        return true;
      }
      this.header = { id: parts[0]!, type: parts[1] as GitObject['type'], size: Number(parts[2]) };
    }
    const { id, type, size } = this.header;
    if (!head.wantData) {
      this.header = null;
      this.finish(head, { id, type, size, data: Buffer.alloc(0) });
      return true;
    }
    if (this.buffered < size + 1) return false;
    const data = this.take(size + 1).subarray(0, size);
    this.header = null;
    this.finish(head, { id, type, size, data });
    return true;
  }

  private finish(head: Pending, obj: GitObject | null): void {
    this.queue.shift();
    this.served++;
    head.resolve(obj);
  }

  /** The next header line without its newline, or null while it is incomplete (headers are a few bytes). */
  private takeLine(): string | null {
    let offset = 0;
    for (const c of this.chunks) {
      const nl = c.indexOf(10);
      if (nl >= 0) {
        const line = this.take(offset + nl + 1);
        return line.subarray(0, line.length - 1).toString('latin1');
      }
      offset += c.length;
    }
    return null;
  }

  /** Removes and returns the first `n` buffered bytes (n <= buffered), copying each byte once. */
  private take(n: number): Buffer {
    const first = this.chunks[0]!;
    if (first.length >= n) {
      const out = first.subarray(0, n);
      if (first.length === n) this.chunks.shift();
      else this.chunks[0] = first.subarray(n);
      this.buffered -= n;
      // a copy, so a small object does not pin the large chunk it arrived in
      return first.length > n * 2 ? Buffer.from(out) : out;
    }
    const out = Buffer.allocUnsafe(n);
    let filled = 0;
    while (filled < n) {
      const c = this.chunks[0]!;
      const want = Math.min(c.length, n - filled);
      c.copy(out, filled, 0, want);
      filled += want;
      if (want === c.length) this.chunks.shift();
      else this.chunks[0] = c.subarray(want);
    }
    this.buffered -= n;
    return out;
  }

  private fail(err: Error): void {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.reject(err);
  }
}

export interface PoolStats {
  /** Readers (processes) open now. */
  open: number;
  /** Processes started since the pool was made. */
  started: number;
  /** Process ids of the open readers. */
  pids: number[];
}

/** The readers of one host, keyed by git directory, closed after `idleMs` without use. */
export class CatFilePool {
  private readonly readers = new Map<string, CatFileReader>();
  private readonly timer: NodeJS.Timeout;
  private started = 0;
  private shut = false;

  constructor(private readonly idleMs = 60_000) {
    this.timer = setInterval(() => this.sweep(), Math.max(1_000, Math.floor(idleMs / 2)));
    this.timer.unref();
  }

  /** The reader of `gitDir`, started on first use. */
  get(gitDir: string): CatFileReader {
    if (this.shut) throw new Error('git reader pool is closed');
    const have = this.readers.get(gitDir);
    if (have?.alive) return have;
    const reader = new CatFileReader(gitDir, () => {
      if (this.readers.get(gitDir) === reader) this.readers.delete(gitDir);
    });
    this.started++;
    this.readers.set(gitDir, reader);
    return reader;
  }

  /** Closes the reader of one repository (after a write that replaced objects, or before a delete). */
  release(gitDir: string): void {
    this.readers.get(gitDir)?.close();
    this.readers.delete(gitDir);
  }

  /** Counts for tests and diagnostics. */
  stats(): PoolStats {
    const open = [...this.readers.values()].filter((r) => r.alive);
    return { open: open.length, started: this.started, pids: open.map((r) => r.pid ?? 0) };
  }

  /** Closes every reader and stops the idle sweep. */
  close(): void {
    this.shut = true;
    clearInterval(this.timer);
    for (const r of this.readers.values()) r.close();
    this.readers.clear();
  }

  private sweep(): void {
    const now = Date.now();
    for (const [dir, r] of this.readers) {
      if (now - r.lastUsed > this.idleMs) this.release(dir);
    }
  }
}

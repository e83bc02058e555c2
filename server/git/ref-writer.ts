/**
 * One long-lived `git update-ref --stdin` process per repository for API ref writes: each write is one
 * `start / update|delete... / prepare / commit` transaction on the running process (git begins a new transaction
 * after each commit), so a branch or tag made through the API costs no process start (a fork of the host, tens of
 * milliseconds of blocked event loop on a busy machine). A transaction git refuses (a ref moved meanwhile, a name
 * clash) ends the process with `fatal: ...` and the next one starts a fresh process. Transactions on one process
 * run one at a time; writers close when idle or released.
 *
 * Group commit: writes that arrive while a repository's transaction runs wait together and go to git as one
 * transaction (each write's moves stay all-or-nothing, since the batch is). When git refuses a batch, its writes
 * are tried again one by one, so a write that cannot be made fails alone and the others still succeed. The objects
 * the writes bring (a tag object each) are stored before their batch's transaction, together: as one pack when
 * there are many (one file for the batch instead of one per object, see pack-write.ts).
 */
import { PACK_FROM, PackBuilder } from './pack-write.ts';
import { launchGit, type GitChild } from './spawner.ts';
import { GitCommandError } from './read.ts';
import type { RefMove } from './ref-update.ts';

const ARGS = ['update-ref', '--stdin'];

/** The lines of one transaction: every move states the old value it expects. */
function transaction(moves: RefMove[]): string {
  const lines = moves.map((m) => (/^0+$/.test(m.newId) ? `delete ${m.ref} ${m.oldId}` : `update ${m.ref} ${m.newId} ${m.oldId}`));
  return `start\n${lines.join('\n')}\nprepare\ncommit\n`;
}

interface Waiter {
  resolve: () => void;
  reject: (err: Error) => void;
}

/** A single `git update-ref --stdin` process for one bare repository. */
export class RefWriter {
  private readonly proc: GitChild;
  private out = '';
  private err = '';
  private waiter: Waiter | null = null;
  private closed = false;
  lastUsed = Date.now();

  constructor(gitDir: string, onExit: () => void) {
    this.proc = launchGit(ARGS, { cwd: gitDir, env: { ...process.env, GIT_DIR: gitDir } });
    this.proc.stdout.setEncoding('utf8');
    this.proc.stderr.setEncoding('utf8');
    this.proc.stdout.on('data', (s: string) => this.onOut(s));
    this.proc.stderr.on('data', (s: string) => { this.err = (this.err + s).slice(-4000); });
    this.proc.stdin.on('error', () => undefined);
    this.proc.on('error', (e) => this.fail(e));
    this.proc.on('close', (code) => {
      this.fail(new GitCommandError(ARGS, code ?? -1, this.err.trim() || 'git update-ref exited'));
      onExit();
    });
  }

  /** True while the process takes transactions. */
  get alive(): boolean {
    return !this.closed;
  }

  /** Moves every ref of `moves` or none; call it again only once the previous transaction has settled. */
  run(moves: RefMove[]): Promise<void> {
    if (this.closed) return Promise.reject(new GitCommandError(ARGS, -1, this.err.trim() || 'git update-ref exited'));
    this.lastUsed = Date.now();
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject };
      this.proc.stdin.write(transaction(moves));
    });
  }

  /** Ends the process once the running transaction (if any) is answered. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (!this.waiter) this.proc.stdin.end();
  }

  private onOut(s: string): void {
    this.out += s;
    for (let nl = this.out.indexOf('\n'); nl >= 0; nl = this.out.indexOf('\n')) {
      const line = this.out.slice(0, nl);
      this.out = this.out.slice(nl + 1);
      if (line === 'commit: ok' && this.waiter) {
        const w = this.waiter;
        this.waiter = null;
        if (this.closed) this.proc.stdin.end();
        w.resolve();
      }
    }
  }

  private fail(err: Error): void {
    this.closed = true;
    const w = this.waiter;
    this.waiter = null;
    w?.reject(err);
  }
}

/** One write waiting for its repository's next transaction. */
interface Queued {
  moves: RefMove[];
  objects?: PackBuilder | undefined;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/** A batch taken from the queue, its objects being stored. */
interface Staged {
  batch: Queued[];
  stored: Promise<void>;
}

/** Per repository: the writes waiting for the next transaction, and whether one is running. */
interface Lane {
  queue: Queued[];
  running: boolean;
}

/** Stores the objects the batch's writes bring, as one set. */
async function storeObjects(gitDir: string, batch: Queued[]): Promise<void> {
  const sets = batch.flatMap((q) => (q.objects ? [q.objects] : []));
  if (sets.length === 0) return;
  if (sets.length === 1) return sets[0]!.store(gitDir);
  const all = new PackBuilder(sets[0]!.format);
  all.addAll(sets);
  await all.store(gitDir);
}

/** A batch takes at most this many moves (one transaction stays small enough to answer quickly). */
const MAX_BATCH_MOVES = 512;

/** The ref writers of one host, keyed by git directory, closed after `idleMs` without use. */
export class RefWriterPool {
  private readonly writers = new Map<string, RefWriter>();
  private readonly lanes = new Map<string, Lane>();
  private readonly timer: NodeJS.Timeout;
  private shut = false;
  /** Processes started since the pool was made (tests count them). */
  started = 0;
  /** Transactions sent to git, and writes that went in a batch of more than one (tests read them). */
  readonly stats = { transactions: 0, batched: 0, retried: 0 };

  constructor(private readonly idleMs = 30_000) {
    this.timer = setInterval(() => this.sweep(), Math.max(1_000, Math.floor(idleMs / 2)));
    this.timer.unref();
  }

  /**
   * Moves refs of `gitDir` in one transaction (all or none) on its writer, started on first use and again after a
   * refused transaction ended the previous one; writes waiting together share a transaction. Rejects with
   * GitCommandError when git refuses this write's moves.
   */
  apply(gitDir: string, moves: RefMove[], objects?: PackBuilder): Promise<void> {
    if (this.shut) return Promise.reject(new Error('git ref writer pool is closed'));
    let lane = this.lanes.get(gitDir);
    if (!lane) {
      lane = { queue: [], running: false };
      this.lanes.set(gitDir, lane);
    }
    const l = lane;
    const done = new Promise<void>((resolve, reject) => l.queue.push({ moves, objects, resolve, reject }));
    if (!l.running) {
      // the writes that come in the same turn of the event loop (a wave of requests read from their sockets
      // together) start as one batch instead of one alone and the rest after it
      l.running = true;
      setImmediate(() => void this.drain(gitDir, l));
    }
    return done;
  }

  /**
   * Runs the lane's waiting writes, a batch at a time, until none waits. When the writes waiting as a transaction
   * starts bring enough objects for a pack, they are the next batch and their objects are stored while it runs, so
   * storing them adds no time to the lane. Fewer wait for the transaction's end, so that the writes arriving
   * meanwhile join them: staged at once, a lone write and the many after it alternated as batches of 1 and of 16 or
   * more (tags with 32 clients), and each lone tag object was a loose file whose creation held the main thread
   * about 1 ms on a busy disk.
   */
  private async drain(gitDir: string, lane: Lane): Promise<void> {
    lane.running = true;
    const stage = (batch: Queued[]): Staged => {
      const stored = storeObjects(gitDir, batch);
      stored.catch(() => undefined); // awaited below; a failure is each write's answer
      return { batch, stored };
    };
    let staged: Staged | null = null;
    while (lane.queue.length > 0 || staged) {
      if (this.shut) {
        for (const q of [...(staged?.batch ?? []), ...lane.queue.splice(0)]) q.reject(new Error('git ref writer pool is closed'));
        break;
      }
      const cur: Staged = staged ?? stage(takeBatch(lane.queue));
      staged = null;
      try {
        await cur.stored;
      } catch (err) {
        for (const q of cur.batch) q.reject(err);
        continue;
      }
      const running = cur.batch.length === 1 ? this.runOne(gitDir, cur.batch[0]!) : this.runBatch(gitDir, cur.batch);
      if (!this.shut && objectCount(lane.queue) >= PACK_FROM) staged = stage(takeBatch(lane.queue));
      await running;
    }
    lane.running = false;
    if (this.lanes.get(gitDir) === lane) this.lanes.delete(gitDir);
  }

  private async runBatch(gitDir: string, batch: Queued[]): Promise<void> {
    try {
      this.stats.transactions++;
      await this.writer(gitDir).run(batch.flatMap((q) => q.moves));
      this.stats.batched += batch.length;
      for (const q of batch) q.resolve();
    } catch {
      // Nothing of a refused transaction was applied: each write alone gets its own answer from git.
      this.stats.retried += batch.length;
      for (const q of batch) await this.runOne(gitDir, q);
    }
  }

  private async runOne(gitDir: string, q: Queued): Promise<void> {
    try {
      this.stats.transactions++;
      await this.writer(gitDir).run(q.moves);
      q.resolve();
    } catch (err) {
      q.reject(err);
    }
  }

  private writer(gitDir: string): RefWriter {
    const have = this.writers.get(gitDir);
    if (have?.alive) return have;
    const made = new RefWriter(gitDir, () => { if (this.writers.get(gitDir) === made) this.writers.delete(gitDir); });
    this.started++;
    this.writers.set(gitDir, made);
    return made;
  }

  /** Closes the writer of one repository (after a push, before a delete). */
  release(gitDir: string): void {
    this.writers.get(gitDir)?.close();
    this.writers.delete(gitDir);
  }

  /** Closes every writer and stops the idle sweep. */
  close(): void {
    this.shut = true;
    clearInterval(this.timer);
    for (const w of this.writers.values()) w.close();
    this.writers.clear();
  }

  private sweep(): void {
    const now = Date.now();
    for (const [dir, w] of this.writers) if (now - w.lastUsed > this.idleMs) this.release(dir);
  }
}

/** How many objects the waiting writes bring. */
function objectCount(queue: readonly Queued[]): number {
  let n = 0;
  for (const q of queue) n += q.objects?.size ?? 0;
  return n;
}

/** Takes the longest run of waiting writes, in arrival order, whose moves fit one transaction (at least one). */
function takeBatch(queue: Queued[]): Queued[] {
  let n = 0;
  let moves = 0;
  while (n < queue.length && (n === 0 || moves + queue[n]!.moves.length <= MAX_BATCH_MOVES)) moves += queue[n++]!.moves.length;
  return queue.splice(0, n);
}

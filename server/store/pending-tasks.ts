/**
 * The index of undelivered hook tasks: an append-only log of `{"a":[hook,id]}` (stored, waiting) and
 * `{"d":[hook,id]}` (claimed) lines, folded into memory at first use and compacted when it has grown well past
 * what is pending. Start-up refills the delivery queue from it and the status page counts it, so neither reads
 * the tasks themselves. A task's line is written beside the task (the two files synced at once), and each `a`
 * line carries its hook's checkpoint: every task of the hook below that id has its line on disk (or never needed
 * one). A kill can lose a line whose task made it to disk; start-up then reads only the hook's tasks from the
 * checkpoint on (hook-tasks.ts). A hook's first task after a start waits for a synced `c` line, so a hook
 * without a checkpoint has never had a task written that way. An entry whose task turns out delivered or
 * missing is dropped when the dispatcher tries to claim it.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Store } from './index.ts';
import { AppendLog } from './engine/append-log.ts';

interface Ref { hookId: number; id: number }
/** How long removal lines may wait for another line to go with. */
const REMOVAL_DELAY_MS = 100;
type Line = { a: [number, number] | [number, number, number] } | { d: [number, number] } | { dh: number } | { c: [number, number] };

export class PendingIndex {
  private readonly byHook = new Map<number, Set<number>>();
  private readonly log: AppendLog;
  private lines = 0;
  private readonly removing = new Set<Promise<void>>();
  /** Per hook: the checkpoint on disk, the ids being inserted, the id after the last insert done, the `c` line being written. */
  private readonly checkpoints = new Map<number, number>();
  private readonly inFlight = new Map<number, Set<number>>();
  private readonly done = new Map<number, number>();
  private readonly seeds = new Map<number, Promise<void>>();
  /** Removal lines not yet written: they go with the next line written, or after REMOVAL_DELAY_MS. */
  private removals: { lines: Line[]; written: Promise<void>; resolve: () => void; reject: (err: unknown) => void } | null = null;
  private removalTimer: NodeJS.Timeout | null = null;
  size = 0;

  constructor(file: string) {
    this.log = new AppendLog(file);
  }

  /** Reads the log and compacts it. */
  async open(): Promise<void> {
    for (const l of await this.log.read<Line>()) {
      this.lines += 1;
      if ('a' in l) {
        this.put(l.a[0], l.a[1]);
        if (l.a[2] !== undefined) this.checkpoints.set(l.a[0], l.a[2]);
      } else if ('d' in l) this.drop(l.d[0], l.d[1]);
      else if ('c' in l) this.checkpoints.set(l.c[0], l.c[1]);
      else {
        this.dropHook(l.dh);
        this.checkpoints.delete(l.dh);
      }
    }
    if (this.lines > this.size + this.checkpoints.size) await this.compact();
  }

  /** The hooks with a checkpoint on disk, and each checkpoint (start-up reads their tasks from there on). */
  checkpointed(): Map<number, number> {
    return new Map(this.checkpoints);
  }

  /** Whether the task is listed as waiting. */
  has(ref: Ref): boolean {
    return this.byHook.get(ref.hookId)?.has(ref.id) ?? false;
  }

  /** The hook's current checkpoint: its lowest id being inserted, else the id after its last insert. */
  private checkpointOf(hookId: number): number | undefined {
    const ids = this.inFlight.get(hookId);
    if (ids?.size) return Math.min(...ids);
    return this.done.get(hookId) ?? this.checkpoints.get(hookId);
  }

  /**
   * An id was allocated for a task of the hook (called in the same step, so no lower id is allocated after it).
   * A hook without a checkpoint gets a synced `c` line first, which `ready` waits for.
   */
  begin(hookId: number, id: number): void {
    let ids = this.inFlight.get(hookId);
    if (!ids) this.inFlight.set(hookId, (ids = new Set()));
    ids.add(id);
    if (this.checkpoints.has(hookId) || this.seeds.has(hookId)) return;
    const seed = this.write({ c: [hookId, id] }).then(() => { this.checkpoints.set(hookId, id); });
    seed.catch(() => this.seeds.delete(hookId));
    this.seeds.set(hookId, seed);
  }

  /** Resolves once the hook's task lines may be written beside their tasks (its checkpoint is on disk). */
  ready(hookId: number): Promise<void> {
    return this.seeds.get(hookId) ?? Promise.resolve();
  }

  /** The task's insert ended with its line on disk (or it needed none): the checkpoint may pass it. */
  end(hookId: number, id: number): void {
    const ids = this.inFlight.get(hookId);
    ids?.delete(id);
    if (ids && !ids.size) this.inFlight.delete(hookId);
    this.done.set(hookId, Math.max(this.done.get(hookId) ?? 0, id + 1));
  }

  /** Start-up found the hook's tasks below `next` all listed (or delivered). */
  recovered(hookId: number, next: number): void {
    this.done.set(hookId, Math.max(this.done.get(hookId) ?? 0, next));
  }

  private put(hookId: number, id: number): boolean {
    let ids = this.byHook.get(hookId);
    if (!ids) this.byHook.set(hookId, (ids = new Set()));
    if (ids.has(id)) return false;
    ids.add(id);
    this.size += 1;
    return true;
  }

  private drop(hookId: number, id: number): boolean {
    const ids = this.byHook.get(hookId);
    if (!ids?.delete(id)) return false;
    this.size -= 1;
    if (!ids.size) this.byHook.delete(hookId);
    return true;
  }

  private dropHook(hookId: number): void {
    this.size -= this.byHook.get(hookId)?.size ?? 0;
    this.byHook.delete(hookId);
  }

  /** Appends the line (if any) after the removal lines waiting to be written, which it takes along. */
  private async write(line: Line | null, sync = true): Promise<void> {
    const removals = this.removals;
    this.removals = null;
    if (this.removalTimer) clearTimeout(this.removalTimer);
    this.removalTimer = null;
    const lines = removals ? removals.lines : [];
    if (line) lines.push(line);
    if (!lines.length) return;
    try {
      await (sync ? this.log.append(...lines) : this.log.appendUnsynced(...lines));
      removals?.resolve();
    } catch (err) {
      removals?.reject(err);
      throw err;
    }
    this.lines += lines.length;
    if (this.lines > 2 * this.size + this.checkpoints.size + 1000) await this.compact();
  }

  private compact(): Promise<void> {
    const lines: Line[] = [];
    for (const [h, ids] of this.byHook) for (const id of ids) lines.push({ a: [h, id] });
    for (const h of this.checkpoints.keys()) {
      const cp = this.checkpointOf(h);
      if (cp !== undefined) lines.push({ c: [h, cp] });
    }
    this.lines = lines.length;
    return this.log.rewrite(lines);
  }

  /** Records a stored task as waiting; resolves once on disk. */
  async add(ref: Ref): Promise<void> {
    if (!this.put(ref.hookId, ref.id)) return;
    const cp = this.checkpoints.has(ref.hookId) ? this.checkpointOf(ref.hookId) : undefined;
    try {
      await this.write({ a: cp === undefined ? [ref.hookId, ref.id] : [ref.hookId, ref.id, cp] });
    } catch (err) {
      this.drop(ref.hookId, ref.id);
      throw err;
    }
  }

  /**
   * Records a task as no longer waiting. The line is not written at once: it goes with the next line written (an
   * `add`, which syncs it) or, when none comes, after REMOVAL_DELAY_MS without a sync of its own, so a steady
   * stream of claims costs a few writes a second instead of one each. A claimed task is marked in its own record,
   * so an entry whose removal a kill lost is dropped when start-up tries to claim it.
   */
  async remove(ref: Ref): Promise<void> {
    if (!this.drop(ref.hookId, ref.id)) return;
    if (!this.removals) {
      let resolve!: () => void;
      let reject!: (err: unknown) => void;
      const written = new Promise<void>((res, rej) => { resolve = res; reject = rej; });
      this.removals = { lines: [], written, resolve, reject };
      // Not unref'd: a caller awaiting its removal keeps the process up the few milliseconds until it is written.
      this.removalTimer = setTimeout(() => { void this.write(null, false).catch(() => undefined); }, REMOVAL_DELAY_MS);
    }
    this.removals.lines.push({ d: [ref.hookId, ref.id] });
    const p = this.removals.written;
    this.removing.add(p);
    try {
      await p;
    } finally {
      this.removing.delete(p);
    }
  }

  /** Writes the removal lines still waiting and waits for those on their way (before a stop). */
  async settled(): Promise<void> {
    if (this.removals) await this.write(null, false).catch(() => undefined);
    while (this.removing.size) await Promise.allSettled([...this.removing]);
  }

  /** Forgets every waiting task of a deleted hook. */
  async removeHook(hookId: number): Promise<void> {
    this.checkpoints.delete(hookId);
    this.done.delete(hookId);
    if (!this.byHook.has(hookId)) return;
    this.dropHook(hookId);
    await this.write({ dh: hookId });
  }

  /** How many tasks of the given hooks are waiting: kept per hook as numbers, nothing is listed or copied. */
  count(hooks: Iterable<number>): number {
    let n = 0;
    for (const h of new Set(hooks)) n += this.byHook.get(h)?.size ?? 0;
    return n;
  }

  /** The waiting tasks of the given hooks, by hook then id (oldest first within a hook). */
  list(hooks: Set<number>): Ref[] {
    const out: Ref[] = [];
    for (const h of [...this.byHook.keys()].filter((k) => hooks.has(k)).sort((a, b) => a - b)) {
      for (const id of [...this.byHook.get(h)!].sort((a, b) => a - b)) out.push({ hookId: h, id });
    }
    return out;
  }
}

const PENDING_FILE = 'hook_tasks/pending.log';
const opened = new WeakMap<Store, Promise<PendingIndex>>();

/** The store's pending index, opened once. */
export function pendingOf(store: Store): Promise<PendingIndex> {
  let p = opened.get(store);
  if (!p) {
    const idx = new PendingIndex(path.join(store.engine.root, PENDING_FILE));
    p = idx.open().then(() => idx);
    opened.set(store, p);
    p.catch(() => opened.delete(store));
  }
  return p;
}

/** Writes the removal lines the store's pending index still holds (nothing when it was never opened). */
export async function settlePending(store: Store): Promise<void> {
  const idx = await opened.get(store)?.catch(() => null);
  await idx?.settled();
}

/**
 * Migration step: builds the pending index from hook-task partitions of the document layout (`<hook>/<n>.json`),
 * reading one partition at a time. Runs once, when a data dir from before the index is opened.
 */
export async function buildPendingIndex(store: Store): Promise<void> {
  const root = path.join(store.engine.root, 'hook_tasks');
  const lines: Line[] = [];
  for (const hook of (await readdir(root).catch(() => [] as string[])).filter((d) => /^\d+$/.test(d))) {
    for (const f of (await readdir(path.join(root, hook)).catch(() => [] as string[])).filter((x) => /^\d+\.json$/.test(x))) {
      const doc = JSON.parse(await readFile(path.join(root, hook, f), 'utf8')) as { records?: Record<string, { id: number; is_delivered: boolean }> };
      for (const t of Object.values(doc.records ?? {})) if (!t.is_delivered) lines.push({ a: [Number(hook), t.id] });
    }
  }
  await new AppendLog(path.join(store.engine.root, PENDING_FILE)).rewrite(lines);
}

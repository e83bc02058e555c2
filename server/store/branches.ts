/**
 * Branch records (Gitea's branch table): one append-only log per repository, `branches/<repoId>.log`
 * (KeyedLog), so creating, moving or deleting a branch appends its own line instead of rewriting every branch
 * of the repository. No records means "not yet synchronised". A repository's older one-document file,
 * `branches/<repoId>.json`, is imported into its log on first use.
 */
import { readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Store } from './index.ts';
import type { BranchRecord } from './records.ts';
import { cloneRecord } from './engine/clone.ts';
import { KeyedLog } from './engine/keyed-log.ts';

/** How many repositories keep their branch records in memory; the least recently used idle ones go past this. */
const MAX_LOADED = 256;

type Log = KeyedLog<BranchRecord>;

/** The loaded logs of one store, least recently used first. */
class BranchLogs {
  private readonly loaded = new Map<number, Promise<Log>>();
  private trimming = false;

  constructor(private readonly store: Store) {}

  private fileOf(repoId: number, ext: 'log' | 'json'): string {
    return path.join(this.store.engine.root, 'branches', `${Math.trunc(repoId)}.${ext}`);
  }

  of(repoId: number): Promise<Log> {
    let p = this.loaded.get(repoId);
    if (p) this.loaded.delete(repoId);
    else {
      p = this.load(repoId);
      p.catch(() => { if (this.loaded.get(repoId) === p) this.loaded.delete(repoId); });
    }
    this.loaded.set(repoId, p);
    if (this.loaded.size > MAX_LOADED) this.trimSoon();
    return p;
  }

  private async load(repoId: number): Promise<Log> {
    const log = await KeyedLog.open<BranchRecord>(this.fileOf(repoId, 'log'));
    const older = this.fileOf(repoId, 'json');
    let doc: { branches?: Record<string, BranchRecord> };
    try {
      doc = JSON.parse(await readFile(older, 'utf8')) as typeof doc;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return log;
      throw err;
    }
    // The document goes after its records are in the log, so an import cut short runs again from it.
    await log.replace(Object.values(doc.branches ?? {}).map((b) => [b.name, b]));
    await unlink(older);
    return log;
  }

  /**
   * Drops the least recently used idle logs past MAX_LOADED, in a later turn: a caller that has just been handed a
   * log changes it in the turn it got it, before any drop.
   */
  private trimSoon(): void {
    if (this.trimming) return;
    this.trimming = true;
    setImmediate(() => {
      this.trimming = false;
      void this.drop(this.loaded.size - MAX_LOADED);
    });
  }

  /** Drops up to `n` idle logs, oldest use first (n = Infinity: all idle ones). */
  private async drop(n: number): Promise<void> {
    for (const [id, p] of [...this.loaded]) {
      if (n <= 0) return;
      const log = await p.catch(() => undefined);
      if (log?.idle && this.loaded.get(id) === p) {
        this.loaded.delete(id);
        n -= 1;
      }
    }
  }

  dropCached(): void {
    void this.drop(Infinity);
  }

  async remove(repoId: number): Promise<void> {
    const log = await this.of(repoId);
    this.loaded.delete(repoId);
    await log.remove();
    await unlink(this.fileOf(repoId, 'json')).catch(() => undefined);
  }
}

const stores = new WeakMap<Store, BranchLogs>();

function logsOf(store: Store): BranchLogs {
  let logs = stores.get(store);
  if (!logs) stores.set(store, (logs = store.engine.adopt(new BranchLogs(store))));
  return logs;
}

const open = (store: Store, repoId: number): Promise<Log> => logsOf(store).of(repoId);

/** Counts the write for flushStore and keeps its failure from going unhandled where nobody waits for it. */
function written(store: Store, p: Promise<void>): Promise<void> {
  void store.engine.trackWrite(p);
  p.catch(() => undefined);
  return p;
}

/** Every branch record of the repository, by name. */
export async function list(store: Store, repoId: number): Promise<BranchRecord[]> {
  const rows = [...(await open(store, repoId)).rows.values()];
  return rows.sort((a, b) => a.name.localeCompare(b.name)).map((b) => cloneRecord(b));
}

/** One branch record, or undefined. */
export async function get(store: Store, repoId: number, name: string): Promise<BranchRecord | undefined> {
  const b = (await open(store, repoId)).rows.get(name);
  return b ? cloneRecord(b) : undefined;
}

/** How many branches are recorded. */
export async function count(store: Store, repoId: number): Promise<number> {
  return (await open(store, repoId)).rows.size;
}

/** count() of each repository, in the order given. */
export async function countEach(store: Store, repoIds: readonly number[]): Promise<number[]> {
  return Promise.all(repoIds.map((id) => count(store, id)));
}

/** True when the repository has a branch record. */
export async function hasAny(store: Store, repoId: number): Promise<boolean> {
  return (await open(store, repoId)).rows.size > 0;
}

/** Replaces all the repository's branch records (a full synchronisation). */
export async function replaceAll(store: Store, repoId: number, branches: BranchRecord[]): Promise<void> {
  const log = await open(store, repoId);
  await written(store, log.replace(branches.map((b) => [b.name, cloneRecord(b)])));
}

/** Inserts or updates `upserts` and deletes `deletes` in one write. */
export async function apply(store: Store, repoId: number, upserts: BranchRecord[], deletes: string[]): Promise<void> {
  await (await applyStaged(store, repoId, upserts, deletes)).saved;
}

/**
 * apply() in two steps: resolves once memory holds the change, with `saved`, which resolves once it is on disk
 * (so a lock can be released before the sync and concurrent writes share one; `lagMs`: how long the write may
 * wait for others to share it). No change (a tag write moves no branch) writes nothing.
 */
export async function applyStaged(store: Store, repoId: number, upserts: BranchRecord[], deletes: string[], lagMs = 0): Promise<{ saved: Promise<void> }> {
  if (upserts.length === 0 && deletes.length === 0) return { saved: Promise.resolve() };
  const log = await open(store, repoId);
  return { saved: written(store, log.change(upserts.map((b) => [b.name, cloneRecord(b)]), deletes, lagMs)) };
}

/** Removes the repository's branch records and their file (repository deletion). */
export async function removeAll(store: Store, repoId: number): Promise<void> {
  await logsOf(store).remove(repoId);
}

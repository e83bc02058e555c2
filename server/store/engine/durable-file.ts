/** A lowdb adapter that writes atomically (temp file, fsync, rename) and coalesces concurrent writes. */
import { readFile, rename, unlink } from 'node:fs/promises';
import { fsyncDir, openMaking } from './fsync-dir.ts';
import { writePauseFor } from './write-pause.ts';
import path from 'node:path';
import type { Adapter } from 'lowdb';
import { storeWriteBegun } from './write-generation.ts';

/**
 * A lagging write of a large document waits at least a millisecond per this many bytes of it (up to MAX_LAG_MS):
 * its rewrite (stringify, write, fsync) then takes a bounded share of the time however many records it holds.
 */
const LAG_BYTES_PER_MS = 8 * 1024;
const MAX_LAG_MS = 250;

export class DurableJsonFile<T> implements Adapter<T> {
  private readonly file: string;
  private readonly tmp: string;
  private running: Promise<void> | null = null;
  private pending: { data: T; lagMs: number; waiters: { resolve: () => void; reject: (e: unknown) => void }[] } | null = null;
  /** Ends the wait of a lagging batch early (a write that may not lag joined it). */
  private wake: (() => void) | null = null;
  /** Set by the first failed write: later writes of this adapter fail too, so memory is reloaded from disk. */
  private failed: unknown = null;
  /** Size of the JSON last read or written, for the document cache's byte budget. */
  bytes = 0;

  constructor(file: string) {
    this.file = file;
    this.tmp = path.join(path.dirname(file), `.${path.basename(file)}.tmp`);
  }

  async read(): Promise<T | null> {
    try {
      const text = await readFile(this.file, 'utf8');
      this.bytes = text.length;
      return JSON.parse(text) as T;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  /**
   * Resolves once a write that started after this call has reached the disk. `lagMs`: the write may wait that long
   * before it starts, so that more changes share it (for records a journal intent can rebuild); a write without
   * lag queued meanwhile starts it at once.
   */
  write(data: T, requestedLagMs = 0): Promise<void> {
    storeWriteBegun();
    const lagMs = requestedLagMs > 0 ? Math.max(requestedLagMs, Math.min(this.bytes / LAG_BYTES_PER_MS, MAX_LAG_MS)) : 0;
    return new Promise((resolve, reject) => {
      if (this.failed) {
        reject(this.failed);
        return;
      }
      if (this.pending) {
        this.pending.data = data;
        this.pending.lagMs = Math.min(this.pending.lagMs, lagMs);
        this.pending.waiters.push({ resolve, reject });
      } else {
        this.pending = { data, lagMs, waiters: [{ resolve, reject }] };
      }
      if (lagMs === 0) this.wake?.();
      if (!this.running) this.running = this.drain();
    });
  }

  private lag(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.wake?.(), ms);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
    });
  }

  private async drain(): Promise<void> {
    while (this.pending) {
      if (this.pending.lagMs > 0) await this.lag(this.pending.lagMs);
      if (!this.pending) break;
      const { data, waiters } = this.pending;
      this.pending = null;
      try {
        await writePauseFor(this.file).run(() => this.writeNow(data));
        for (const w of waiters) w.resolve();
      } catch (err) {
        // What is in memory now differs from the disk: fail this batch and everything queued behind it.
        this.failed = err;
        for (const w of waiters) w.reject(err);
        this.rejectQueued(err);
      }
    }
    this.running = null;
  }

  private rejectQueued(err: unknown): void {
    for (const w of this.pending?.waiters ?? []) w.reject(err);
    this.pending = null;
  }

  private async writeNow(data: T): Promise<void> {
    const fh = await openMaking(this.tmp, 'w');
    try {
      const text = JSON.stringify(data);
      await fh.writeFile(text);
      this.bytes = text.length;
      await fh.sync();
    } finally {
      await fh.close();
    }
    // rename is atomic: a reader (or a restart after a kill) sees the old file or the new one, never a mix.
    await rename(this.tmp, this.file);
    // The rename lives in the directory: without this, a power loss can bring the old file back.
    await fsyncDir(path.dirname(this.file));
  }

  /** Removes the file (used when a partition becomes empty). */
  async remove(): Promise<void> {
    storeWriteBegun();
    await this.running;
    await writePauseFor(this.file).run(() => unlink(this.file).catch(() => undefined));
  }
}

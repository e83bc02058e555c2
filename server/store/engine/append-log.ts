/**
 * An append-only file of JSON lines, written durably (fdatasync) with group commit: appends that arrive while
 * a write is on its way go to disk together with one sync (lines appended unsynced ride along with it). A kill can cut the last line short; readers skip a
 * line that does not parse, and the first append of a process starts on a fresh line.
 * The file stays open between writes that follow each other closely (closed after IDLE_CLOSE_MS without one), so a
 * busy log costs a write and a sync per group, not an open, a stat and a close as well.
 */
import { writeSync } from 'node:fs';
import { readFile, rename, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { fsyncDir, openMaking } from './fsync-dir.ts';
import { writePauseFor } from './write-pause.ts';
import { storeWriteBegun } from './write-generation.ts';

interface Waiter { resolve: () => void; reject: (e: unknown) => void; sync: boolean }

/** How long an idle log keeps its file open. */
const IDLE_CLOSE_MS = 100;

export class AppendLog {
  readonly file: string;
  private queued: string[] = [];
  private waiters: Waiter[] = [];
  private running: Promise<void> | null = null;
  private checkedTail = false;
  /** Set while a compaction replaces the file: appends wait for it, so none lands in the replaced file. */
  private rewriting: Promise<void> | null = null;
  /** The open file and its size (this process is its only writer), while writes keep coming. */
  private fh: FileHandle | null = null;
  private size = 0;
  private idle: NodeJS.Timeout | null = null;

  constructor(file: string) {
    this.file = file;
  }

  /** The parsed lines of the file ([] when it does not exist); a torn or corrupt line is skipped. */
  async read<T>(): Promise<T[]> {
    return (await this.readSized<T>()).entries;
  }

  /** read(), with the file's length in characters (what its parsed lines hold in memory, about). */
  async readSized<T>(): Promise<{ entries: T[]; chars: number }> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { entries: [], chars: 0 };
      throw err;
    }
    const out: T[] = [];
    for (const line of text.split('\n')) {
      if (!line) continue;
      try {
        out.push(JSON.parse(line) as T);
      } catch {
        // a line cut short by a kill: it was never acknowledged
      }
    }
    return { entries: out, chars: text.length };
  }

  /** Appends entries; resolves once they are on disk, with the length of their lines in characters. */
  append(...entries: unknown[]): Promise<number> {
    return this.enqueue(entries, true);
  }

  /**
   * Appends entries without a sync of their own: resolves once the file has them (a killed process keeps them;
   * a power cut may lose them until the next append's sync or the system's writeback). For lines a crash may
   * lose harmlessly; they then share the page the next synced append writes, instead of one page each.
   */
  appendUnsynced(...entries: unknown[]): Promise<number> {
    return this.enqueue(entries, false);
  }

  /**
   * append() that may wait up to `lagMs` before its write, so the appends of that span share one write and one sync
   * (for lines the caller does not wait on; a kill before the write is covered by the caller's own intent).
   */
  appendLagged(lagMs: number, entries: unknown[]): Promise<number> {
    return this.enqueue(entries, true, lagMs);
  }

  private enqueue(entries: unknown[], sync: boolean, lagMs = 0): Promise<number> {
    storeWriteBegun();
    let chars = 0;
    for (const e of entries) {
      const line = `${JSON.stringify(e)}\n`;
      chars += line.length;
      this.queued.push(line);
    }
    return new Promise<void>((resolve, reject) => {
      this.waiters.push({ resolve, reject, sync });
      if (this.idle) clearTimeout(this.idle);
      this.idle = null;
      this.running ??= this.drain(lagMs);
    }).then(() => chars);
  }

  private async drain(lagMs: number): Promise<void> {
    // The lines appended in the rest of this turn (or the lag) join the first write (one write and sync, not two).
    await new Promise<void>((resolve) => (lagMs > 0 ? setTimeout(resolve, lagMs) : setImmediate(resolve)));
    while (this.rewriting) await this.rewriting.catch(() => undefined);
    while (this.queued.length) {
      const text = this.queued.join('');
      const waiters = this.waiters;
      this.queued = [];
      this.waiters = [];
      try {
        const sync = waiters.some((w) => w.sync);
        await writePauseFor(this.file).run(() => this.writeNow(text, sync));
        for (const w of waiters) w.resolve();
      } catch (err) {
        for (const w of waiters) w.reject(err);
      }
    }
    this.running = null;
    if (this.fh) {
      this.idle = setTimeout(() => { this.idle = null; if (!this.running) void this.closeFile(); }, IDLE_CLOSE_MS);
      this.idle.unref();
    }
  }

  /** Closes the kept file (before a rename or delete replaces it, or when idle). */
  private async closeFile(): Promise<void> {
    if (this.idle) clearTimeout(this.idle);
    this.idle = null;
    const fh = this.fh;
    this.fh = null;
    await fh?.close().catch(() => undefined);
  }

  /** The open file, opened (and its torn tail found) on first use after a close. */
  private async openFile(): Promise<{ fh: FileHandle; prefix: string }> {
    if (this.fh) return { fh: this.fh, prefix: '' };
    const fh = await openMaking(this.file, 'a+');
    let prefix = '';
    try {
      this.size = (await fh.stat()).size;
      if (!this.checkedTail && this.size > 0) {
        const last = Buffer.alloc(1);
        await fh.read(last, 0, 1, this.size - 1);
        if (last[0] !== 0x0a) prefix = '\n'; // the tail of a torn write: start on a line of our own
      }
    } catch (err) {
      await fh.close();
      throw err;
    }
    this.fh = fh;
    return { fh, prefix };
  }

  private async writeNow(text: string, sync: boolean): Promise<void> {
    const { fh, prefix } = await this.openFile();
    try {
      const fresh = this.size === 0;
      const data = Buffer.from(prefix + text);
      // Written from this thread: a page-cache write of a few KiB costs a few µs here, where a trip through the
      // thread pool cost about 140 µs of CPU (a thread woken, the completion posted back). The sync stays async.
      for (let off = 0; off < data.length;) off += writeSync(fh.fd, data, off, data.length - off);
      this.size += data.length;
      if (sync || fresh) await fh.datasync();
      if (fresh) await fsyncDir(path.dirname(this.file));
      this.checkedTail = true;
    } catch (err) {
      // A failed write may have left part of a line: the next one reopens and checks the tail again.
      this.checkedTail = false;
      await this.closeFile();
      throw err;
    }
  }

  /**
   * Replaces the whole file with `entries` atomically (compaction): temp file, fsync, rename, directory fsync. Given a
   * function, it is called once the appends under way are on disk, and the appends made after that follow the new file.
   */
  async rewrite(entries: unknown[] | (() => unknown[])): Promise<void> {
    storeWriteBegun();
    // Both checked again after each wait: another rewrite or a new append may have started meanwhile.
    while (this.rewriting || this.running) await (this.rewriting ?? this.running)!.catch(() => undefined);
    const lines = typeof entries === 'function' ? entries() : entries;
    // Closed first: appends through a handle kept open would land in the replaced file.
    const mine = this.closeFile().then(() => writePauseFor(this.file).run(() => this.replace(lines)));
    this.rewriting = mine;
    try {
      await mine;
    } finally {
      if (this.rewriting === mine) this.rewriting = null;
    }
  }

  private async replace(entries: unknown[]): Promise<void> {
    const tmp = path.join(path.dirname(this.file), `.${path.basename(this.file)}.tmp`);
    const fh = await openMaking(tmp, 'w');
    try {
      await fh.writeFile(entries.map((e) => `${JSON.stringify(e)}\n`).join(''));
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, this.file);
    await fsyncDir(path.dirname(this.file));
    this.checkedTail = true;
  }

  /** Deletes the file. */
  async remove(): Promise<void> {
    storeWriteBegun();
    while (this.rewriting || this.running) await (this.rewriting ?? this.running)!.catch(() => undefined);
    await writePauseFor(this.file).run(async () => { await this.closeFile(); await unlink(this.file).catch(() => undefined); });
  }
}

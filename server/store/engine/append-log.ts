/**
 * An append-only file of JSON lines, written durably (fdatasync) with group commit: appends that arrive while
 * a write is on its way go to disk together with one sync (lines appended unsynced ride along with it). A kill can cut the last line short; readers skip a
 * line that does not parse, and the first append of a process starts on a fresh line.
 */
import { open, readFile, rename, mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { fsyncDir } from './fsync-dir.ts';
import { writePauseFor } from './write-pause.ts';

interface Waiter { resolve: () => void; reject: (e: unknown) => void; sync: boolean }

export class AppendLog {
  readonly file: string;
  private queued: string[] = [];
  private waiters: Waiter[] = [];
  private running: Promise<void> | null = null;
  private checkedTail = false;
  /** Set while a compaction replaces the file: appends wait for it, so none lands in the replaced file. */
  private rewriting: Promise<void> | null = null;

  constructor(file: string) {
    this.file = file;
  }

  /** The parsed lines of the file ([] when it does not exist); a torn or corrupt line is skipped. */
  async read<T>(): Promise<T[]> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
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
    return out;
  }

  /** Appends entries; resolves once they are on disk. */
  append(...entries: unknown[]): Promise<void> {
    return this.enqueue(entries, true);
  }

  /**
   * Appends entries without a sync of their own: resolves once the file has them (a killed process keeps them;
   * a power cut may lose them until the next append's sync or the system's writeback). For lines a crash may
   * lose harmlessly; they then share the page the next synced append writes, instead of one page each.
   */
  appendUnsynced(...entries: unknown[]): Promise<void> {
    return this.enqueue(entries, false);
  }

  private enqueue(entries: unknown[], sync: boolean): Promise<void> {
    return new Promise((resolve, reject) => {
      for (const e of entries) this.queued.push(`${JSON.stringify(e)}\n`);
      this.waiters.push({ resolve, reject, sync });
      this.running ??= this.drain();
    });
  }

  private async drain(): Promise<void> {
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
  }

  private async writeNow(text: string, sync: boolean): Promise<void> {
    await mkdir(path.dirname(this.file), { recursive: true });
    const fh = await open(this.file, 'a+');
    try {
      let prefix = '';
      const { size } = await fh.stat();
      if (!this.checkedTail && size > 0) {
        const last = Buffer.alloc(1);
        await fh.read(last, 0, 1, size - 1);
        if (last[0] !== 0x0a) prefix = '\n'; // the tail of a torn write: start on a line of our own
      }
      await fh.write(prefix + text);
      if (sync || size === 0) await fh.datasync();
      if (size === 0) await fsyncDir(path.dirname(this.file));
      this.checkedTail = true;
    } finally {
      await fh.close();
    }
  }

  /** Replaces the whole file with `entries` atomically (compaction): temp file, fsync, rename, directory fsync. */
  async rewrite(entries: unknown[]): Promise<void> {
    while (this.rewriting) await this.rewriting.catch(() => undefined);
    while (this.running) await this.running;
    this.rewriting = writePauseFor(this.file).run(() => this.replace(entries));
    try {
      await this.rewriting;
    } finally {
      this.rewriting = null;
    }
  }

  private async replace(entries: unknown[]): Promise<void> {
    const tmp = path.join(path.dirname(this.file), `.${path.basename(this.file)}.tmp`);
    await mkdir(path.dirname(this.file), { recursive: true });
    const fh = await open(tmp, 'w');
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
    while (this.running) await this.running;
    await writePauseFor(this.file).run(() => unlink(this.file).catch(() => undefined));
  }
}

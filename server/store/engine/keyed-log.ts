/**
 * A set of records by key kept in one append-only file: a change appends a line per record set (`{"k":key,"v":rec}`)
 * or deleted (`{"k":key}`), a load replays the lines, and the file is rewritten with the live records once it holds
 * well over twice as many lines as records. So a change costs its own lines, not a rewrite of every record, and the
 * file stays within a few times the size of what it holds.
 */
import { AppendLog } from './append-log.ts';

type Line<V> = { k: string; v?: V };

/** Lines beyond twice the live records that a log may carry before it is compacted. */
const SLACK_LINES = 64;

export class KeyedLog<V> {
  readonly rows = new Map<string, V>();
  private readonly log: AppendLog;
  private lines = 0;
  private writing = 0;
  private last: Promise<unknown> = Promise.resolve();

  private constructor(file: string) {
    this.log = new AppendLog(file);
  }

  /** Reads the log at `file` (none yet: empty). */
  static async open<V>(file: string): Promise<KeyedLog<V>> {
    const kl = new KeyedLog<V>(file);
    for (const line of await kl.log.read<Line<V>>()) {
      kl.lines += 1;
      if (line.v === undefined) kl.rows.delete(line.k);
      else kl.rows.set(line.k, line.v);
    }
    return kl;
  }

  /** True while none of its writes is under way (the records in memory are all on disk). */
  get idle(): boolean {
    return this.writing === 0;
  }

  /**
   * Sets `upserts` and deletes `deletes` in memory now; resolves once their lines are on disk. `lagMs`: the write may
   * wait that long so later changes share it (AppendLog.appendLagged).
   */
  change(upserts: readonly (readonly [string, V])[], deletes: readonly string[], lagMs = 0): Promise<void> {
    const lines: Line<V>[] = [];
    for (const k of deletes) {
      if (!this.rows.delete(k)) continue;
      lines.push({ k });
    }
    for (const [k, v] of upserts) {
      this.rows.set(k, v);
      lines.push({ k, v });
    }
    if (lines.length === 0) return Promise.resolve();
    this.lines += lines.length;
    const compact = this.lines > 2 * this.rows.size + SLACK_LINES;
    return this.track(compact ? this.rewriteNow() : this.log.appendLagged(lagMs, lines));
  }

  /** Replaces every record (a full synchronisation): the file is rewritten with them. */
  replace(rows: readonly (readonly [string, V])[]): Promise<void> {
    this.rows.clear();
    for (const [k, v] of rows) this.rows.set(k, v);
    return this.track(this.rewriteNow());
  }

  /** Deletes the file, once the writes under way are done. */
  async remove(): Promise<void> {
    this.rows.clear();
    await this.last.catch(() => undefined);
    await this.log.remove();
  }

  /** Waits for the writes under way. */
  async settled(): Promise<void> {
    await this.last.catch(() => undefined);
  }

  private rewriteNow(): Promise<void> {
    // What memory holds once the appends under way are written: the lines of later changes follow it in the new file.
    return this.log.rewrite(() => {
      this.lines = this.rows.size;
      return [...this.rows].map(([k, v]) => ({ k, v }));
    });
  }

  private track(p: Promise<unknown>): Promise<void> {
    this.writing += 1;
    const done = p.then(() => undefined).finally(() => { this.writing -= 1; });
    this.last = done;
    return done;
  }
}

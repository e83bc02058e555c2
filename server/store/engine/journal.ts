/**
 * The intent journal for changes that touch several documents (and files outside the store). Before such a
 * change starts, its intent (a kind and the ids it needs) is written durably to `<store>/journal/<id>.json`;
 * when the change has finished (or been undone) the file is removed. At start, every intent still there belongs
 * to a change a kill interrupted: the service that owns the kind replays it to the end or rolls it back, so the
 * change is all or nothing.
 *
 * Small intents that come often (one per notification job) are `record`ed instead: they share one append-only log,
 * `<store>/journal/intents.log` (KeyedLog), so an intent costs a line in a group commit rather than a file of its own
 * (a create, a sync, a rename and a directory sync); intents recorded at the same moment share one sync.
 */
import { open, readdir, readFile, rename, mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { fsyncDir } from './fsync-dir.ts';
import { writePauseOf, type WritePause } from './write-pause.ts';
import { KeyedLog } from './keyed-log.ts';

export interface Intent {
  id: string;
  kind: string;
  data: Record<string, unknown>;
  created: string;
  /** Kept in the shared log (`record`), not in a file of its own. */
  logged?: true;
}

/** The file of the shared log, in the journal's folder (not a `.json` intent file). */
const LOG_FILE = 'intents.log';

export class Journal {
  private readonly dir: string;
  private seq = 0;
  private readonly pause: WritePause;
  private log: Promise<KeyedLog<Intent>> | null = null;

  constructor(storeRoot: string) {
    this.dir = path.join(storeRoot, 'journal');
    this.pause = writePauseOf(storeRoot);
  }

  private fileOf(id: string): string {
    if (!/^[a-z0-9-]+$/.test(id)) throw new Error(`bad intent id ${id}`);
    return path.join(this.dir, `${id}.json`);
  }

  private writeDurably(intent: Intent): Promise<void> {
    return this.pause.run(() => this.writeNow(intent));
  }

  private async writeNow(intent: Intent): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const file = this.fileOf(intent.id);
    const tmp = `${file}.tmp`;
    const fh = await open(tmp, 'w');
    try {
      await fh.writeFile(JSON.stringify(intent));
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, file);
    await fsyncDir(this.dir);
  }

  private make(kind: string, data: Record<string, unknown>): Intent {
    this.seq += 1;
    return { id: `${Date.now().toString(36)}-${process.pid}-${this.seq}`, kind, data, created: new Date().toISOString() };
  }

  /** The shared log, read on first use (a failed read is tried again next time). */
  private sharedLog(): Promise<KeyedLog<Intent>> {
    this.log ??= KeyedLog.open<Intent>(path.join(this.dir, LOG_FILE)).catch((err: unknown) => {
      this.log = null;
      throw err;
    });
    return this.log;
  }

  /** Records the intent of a multi-document change; resolves once it is on disk. */
  async begin(kind: string, data: Record<string, unknown>): Promise<Intent> {
    const intent = this.make(kind, data);
    await this.writeDurably(intent);
    return intent;
  }

  /**
   * Records a small intent in the shared log: the intent is there at once (to hand to the work it covers, which may
   * end it before it is on disk), `durable` resolves once its line is. `data` must not change afterwards.
   */
  record(kind: string, data: Record<string, unknown>): { intent: Intent; durable: Promise<void> } {
    const intent: Intent = { ...this.make(kind, data), logged: true };
    // Ends chain on the same promise after this: a line never follows its own end.
    const durable = this.sharedLog().then((log) => log.change([[intent.id, intent]], []));
    return { intent, durable };
  }

  /** Adds what the change learnt on the way (e.g. the id a record got); durable before it resolves. */
  async note(intent: Intent, data: Record<string, unknown>): Promise<void> {
    if (intent.logged) {
      const next: Intent = { ...intent, data: { ...intent.data, ...data } };
      await (await this.sharedLog()).change([[intent.id, next]], []);
      Object.assign(intent.data, data);
      return;
    }
    Object.assign(intent.data, data);
    await this.writeDurably(intent);
  }

  /** The change finished or was undone: forgets the intent. */
  async end(intent: Intent): Promise<void> {
    if (!intent.logged) {
      await this.pause.run(() => this.unlinkNow(intent));
      return;
    }
    const log = await this.sharedLog();
    const ended = log.change([], [intent.id]);
    // Once no intent is left, the file is emptied: the lines of ended intents (user text among them) do not stay on
    // disk until a compaction. Checked in the same turn as the change, so no intent recorded meanwhile is dropped.
    if (log.rows.size === 0) await Promise.all([ended, log.replace([])]);
    else await ended;
  }

  private async unlinkNow(intent: Intent): Promise<void> {
    await unlink(this.fileOf(intent.id)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
    await fsyncDir(this.dir);
  }

  /** The intents left by an interrupted run, oldest first; a torn temp file (never renamed) is not an intent. */
  async pending(): Promise<Intent[]> {
    const names = (await readdir(this.dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json'));
    const out: Intent[] = [];
    for (const n of names) out.push(JSON.parse(await readFile(path.join(this.dir, n), 'utf8')) as Intent);
    out.push(...(await this.sharedLog()).rows.values());
    return out.sort((a, b) => a.created.localeCompare(b.created) || a.id.localeCompare(b.id));
  }
}

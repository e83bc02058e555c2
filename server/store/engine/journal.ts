/**
 * The intent journal for changes that touch several documents (and files outside the store). Before such a
 * change starts, its intent (a kind and the ids it needs) is written durably to `<store>/journal/<id>.json`;
 * when the change has finished (or been undone) the file is removed. At start, every intent still there belongs
 * to a change a kill interrupted: the service that owns the kind replays it to the end or rolls it back, so the
 * change is all or nothing.
 */
import { open, readdir, readFile, rename, mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { fsyncDir } from './fsync-dir.ts';
import { writePauseOf, type WritePause } from './write-pause.ts';

export interface Intent {
  id: string;
  kind: string;
  data: Record<string, unknown>;
  created: string;
}

export class Journal {
  private readonly dir: string;
  private seq = 0;
  private readonly pause: WritePause;

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

  /** Records the intent of a multi-document change; resolves once it is on disk. */
  async begin(kind: string, data: Record<string, unknown>): Promise<Intent> {
    this.seq += 1;
    const intent: Intent = { id: `${Date.now().toString(36)}-${process.pid}-${this.seq}`, kind, data, created: new Date().toISOString() };
    await this.writeDurably(intent);
    return intent;
  }

  /** Adds what the change learnt on the way (e.g. the id a record got); durable before it resolves. */
  async note(intent: Intent, data: Record<string, unknown>): Promise<void> {
    Object.assign(intent.data, data);
    await this.writeDurably(intent);
  }

  /** The change finished or was undone: forgets the intent. */
  async end(intent: Intent): Promise<void> {
    await this.pause.run(() => this.unlinkNow(intent));
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
    return out.sort((a, b) => a.created.localeCompare(b.created) || a.id.localeCompare(b.id));
  }
}

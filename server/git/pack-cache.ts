/**
 * A disk cache of upload-pack answers to clone requests (wants, no haves, done), as large hosts keep for
 * repeated clones: a hit streams the stored answer and starts no git process at all. The key is a hash of the
 * repository, its refs at the time (every ref file and packed-refs line, HEAD included), the Git-Protocol header
 * and the request body, so an answer is never served once any ref has moved: a push makes a new key. Answers
 * are written to a temporary file and renamed into place only when git exited cleanly (concurrent clones of the
 * same request each write their own and the last rename wins, both complete); the oldest-used entries are
 * deleted so that stored and in-flight bytes together stay within `maxBytes`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type ReadStream, type WriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, stat, unlink, utimes } from 'node:fs/promises';
import path from 'node:path';
import { PktReader } from './pkt-line.ts';
import { readRefFiles } from './ref-files.ts';

/** Request bodies larger than this (a clone asking for very many refs) go to git uncached. */
export const MAX_REQUEST_BYTES = 1 << 20;
const FORMAT = 'homeforge-upload-pack-cache-1';
const ENTRY = /^[0-9a-f]{64}\.pack$/;

/** True when the request asks for a whole pack with nothing in common: a clone (wants and done, no have). */
export function isCloneRequest(body: Buffer): boolean {
  const reader = new PktReader();
  let want = false;
  let done = false;
  for (const p of reader.push(body)) {
    if (p.kind !== 'data') continue;
    const line = p.data.toString('latin1');
    if (line.startsWith('have ')) return false;
    if (line.startsWith('want ') || line.startsWith('want-ref ')) want = true;
    if (line === 'done' || line === 'done\n') done = true;
  }
  return !reader.broken && want && done;
}

/** `used`: a use counter, not a time (two uses in one millisecond still have an order). */
interface Entry { size: number; used: number }

/** One entry being written: chunks go to a temporary file, stored by `commit`, dropped by `discard`. */
export class CacheWriter {
  private readonly cache: PackCache;
  private readonly key: string;
  private readonly tmp: string;
  private readonly out: WriteStream;
  private bytes = 0;
  private failed = false;
  private closed = false;

  constructor(cache: PackCache, key: string, tmp: string) {
    this.cache = cache;
    this.key = key;
    this.tmp = tmp;
    this.out = createWriteStream(tmp, { flags: 'wx' });
    this.out.on('error', () => { this.failed = true; });
  }

  /** Adds a chunk of git's answer; beyond the cache's bound the entry is given up (the answer still flows). */
  write(chunk: Buffer): void {
    if (this.failed || this.closed) return;
    if (!this.cache.reserve(chunk.length)) {
      this.failed = true;
      return;
    }
    this.bytes += chunk.length;
    this.out.write(chunk);
  }

  private async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await new Promise<void>((resolve) => this.out.end(() => resolve()));
    this.cache.release(this.bytes);
  }

  /** Stores the entry (git exited cleanly and every byte was written). */
  async commit(): Promise<void> {
    await this.close();
    if (this.failed) return this.dropTmp();
    try {
      await rename(this.tmp, this.cache.file(this.key));
      this.cache.stored(this.key, this.bytes);
      await this.cache.settled();
    } catch {
      await this.dropTmp();
    }
  }

  /** Drops the entry (git failed, or the client went away). */
  async discard(): Promise<void> {
    await this.close();
    await this.dropTmp();
  }

  private async dropTmp(): Promise<void> {
    await unlink(this.tmp).catch(() => undefined);
  }
}

/** The upload-pack answer cache of one host, in `dir`, at most `maxBytes` on disk. */
export class PackCache {
  readonly dir: string;
  readonly maxBytes: number;
  private entries: Map<string, Entry> | null = null;
  private loading: Promise<Map<string, Entry>> | null = null;
  private stored_ = 0;
  private inflight = 0;
  /** The last use's number; entries found on disk are numbered in the order of their file times. */
  private uses = 0;
  private readonly deleting = new Set<Promise<void>>();

  constructor(dir: string, maxBytes: number) {
    this.dir = dir;
    this.maxBytes = maxBytes;
  }

  /** The file of one entry. */
  file(key: string): string {
    return path.join(this.dir, `${key}.pack`);
  }

  /** Bytes stored now (entries written, not counting those in flight). */
  storedBytes(): number {
    return this.stored_;
  }

  private async load(): Promise<Map<string, Entry>> {
    if (this.entries) return this.entries;
    this.loading ??= (async () => {
      await mkdir(this.dir, { recursive: true });
      const map = new Map<string, Entry>();
      for (const name of await readdir(this.dir)) {
        const full = path.join(this.dir, name);
        // Temporary files left by a host that stopped mid-write.
        if (!ENTRY.test(name)) {
          if (name.startsWith('tmp-')) await unlink(full).catch(() => undefined);
          continue;
        }
        const s = await stat(full).catch(() => null);
        if (s) map.set(name.slice(0, 64), { size: s.size, used: s.mtimeMs });
      }
      for (const e of [...map.values()].sort((a, b) => a.used - b.used)) e.used = ++this.uses;
      this.entries = map;
      this.stored_ = [...map.values()].reduce((n, e) => n + e.size, 0);
      this.evict(0);
      return map;
    })();
    return this.loading;
  }

  /** The key of a request to `gitDir` as its refs are now. */
  async key(gitDir: string, body: Buffer, gitProtocol: string | undefined): Promise<string> {
    const h = createHash('sha256').update(`${FORMAT}\0${path.resolve(gitDir)}\0${gitProtocol ?? ''}\0`);
    h.update(await readFile(path.join(gitDir, 'HEAD'), 'utf8').catch(() => ''));
    for (const r of await readRefFiles(gitDir)) h.update(`\0${r.sha} ${r.ref}`);
    h.update('\0\0');
    return h.update(body).digest('hex');
  }

  /** The stored answer for `key`, or null; a hit counts as a use for the eviction order. */
  async open(key: string): Promise<ReadStream | null> {
    const entries = await this.load();
    const e = entries.get(key);
    if (!e) return null;
    const file = this.file(key);
    const stream = createReadStream(file, { highWaterMark: 1 << 20 });
    const opened = await new Promise<boolean>((resolve) => {
      stream.once('open', () => resolve(true));
      stream.once('error', () => resolve(false));
    });
    if (!opened) {
      this.forget(key);
      return null;
    }
    e.used = ++this.uses;
    await utimes(file, new Date(), new Date()).catch(() => undefined);
    return stream;
  }

  /** Starts writing the answer for `key`. */
  async writer(key: string): Promise<CacheWriter> {
    await this.load();
    return new CacheWriter(this, key, path.join(this.dir, `tmp-${randomBytes(8).toString('hex')}`));
  }

  /** Makes room for `n` more bytes in flight (evicting the oldest-used entries); false when it cannot. */
  reserve(n: number): boolean {
    if (this.inflight + n > this.maxBytes) return false;
    this.inflight += n;
    this.evict(0);
    return this.stored_ + this.inflight <= this.maxBytes;
  }

  /** Gives back the bytes of a writer that finished (stored, or given up). */
  release(n: number): void {
    this.inflight -= n;
  }

  /** Records a stored entry (replacing one of the same key) and keeps the bound. */
  stored(key: string, size: number): void {
    this.forget(key);
    this.entries?.set(key, { size, used: ++this.uses });
    this.stored_ += size;
    this.evict(0);
  }

  private forget(key: string): void {
    const e = this.entries?.get(key);
    if (!e) return;
    this.entries?.delete(key);
    this.stored_ -= e.size;
  }

  /** Deletes oldest-used entries until stored + in flight + `extra` fit. A reader streaming one keeps its file open. */
  private evict(extra: number): void {
    if (!this.entries) return;
    const order = [...this.entries.entries()].sort((a, b) => a[1].used - b[1].used);
    for (const [key] of order) {
      if (this.stored_ + this.inflight + extra <= this.maxBytes) break;
      this.forget(key);
      const gone = unlink(this.file(key)).catch(() => undefined).finally(() => this.deleting.delete(gone));
      this.deleting.add(gone);
    }
  }

  /** Resolves once the deletions started so far are done. */
  async settled(): Promise<void> {
    await Promise.all([...this.deleting]);
  }
}

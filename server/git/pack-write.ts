/**
 * Writing objects the host built into a bare repository as one pack file with its version 2 index, without
 * starting git: a group of file writes to one branch stores its blobs, trees and commits in two files instead of a
 * loose object file each, and so do the tag objects of a ref writer's batch (few objects are still stored loose,
 * see PACK_FROM). On a busy disk every new file waits for the file system's journal (an object file's creation
 * took 0.4-0.6 ms of the main thread while the store and git synced, a quarter of a 32-client contents write).
 *
 * Written by hand because node has no pack writer and git's own (`index-pack`, `pack-objects`) costs a process per
 * group. A tree rebuilt from one in the same pack (the group's next commit adds a file to the directory the last
 * one wrote) is stored as a delta of it: copy the common start, insert the new bytes, copy the common end. The
 * housekeeping's geometric repack rolls small packs together.
 * Like the loose objects it replaces (git's default core.fsync leaves loose objects out), the pack is not fsynced;
 * it appears whole: the pack, then its index (which makes it visible to git), each renamed from a temporary file.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { objectId, storedZlib, writeLooseObject } from './loose-object.ts';
import type { ObjectFormatName } from './objects.ts';

export type PackedType = 'commit' | 'tree' | 'blob' | 'tag';

/** A pack entry's object type number (pack-format.txt). */
const TYPE_CODE: Record<PackedType, number> = { commit: 1, tree: 2, blob: 3, tag: 4 };

/** Objects up to this size are framed as one stored zlib block without a compressor (see storedZlib). */
const STORED = 0xffff;
/** The pack entry type of a delta against an earlier entry of the same pack, named by its offset. */
const OFS_DELTA = 6;
/** Objects from this size are worth a delta. */
const DELTA_FROM = 512;
/** The longest delta chain kept (git's pack.depth default). */
const MAX_DEPTH = 50;

interface Entry {
  id: string;
  type: PackedType;
  body: Buffer;
  /** Stored as this delta of `base` (an entry added before it). */
  delta?: { base: string; data: Buffer };
  depth: number;
}

/** CRC-32 (zlib's) of `b`: node's own from 20.15 on, else a table (the index keeps one per entry). */
const crc32: (b: Buffer) => number = typeof (zlib as { crc32?: unknown }).crc32 === 'function'
  ? (b) => (zlib as unknown as { crc32: (d: Buffer) => number }).crc32(b)
  : tableCrc32();

/** The table CRC-32 for node 20 releases before 20.15 (exported for its test). */
export function tableCrc32(): (b: Buffer) => number {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return (b) => {
    let c = -1;
    for (let i = 0; i < b.length; i++) c = table[(c ^ b[i]!) & 0xff]! ^ (c >>> 8);
    return (c ^ -1) >>> 0;
  };
}

/** The entry header: type and inflated size, 4 bits of the size in the first byte and 7 in each after it. */
function entryHeader(code: number, size: number): Buffer {
  const bytes: number[] = [];
  let byte = (code << 4) | (size & 0x0f);
  let rest = Math.floor(size / 16);
  while (rest > 0) {
    bytes.push(byte | 0x80);
    byte = rest & 0x7f;
    rest = Math.floor(rest / 128);
  }
  bytes.push(byte);
  return Buffer.from(bytes);
}

/** An OFS_DELTA's distance back to its base: big-endian 7-bit groups, each but the last one less (pack-format.txt). */
function offsetBack(distance: number): Buffer {
  const bytes = [distance & 0x7f];
  for (let rest = Math.floor(distance / 128); rest > 0; rest = Math.floor(rest / 128)) {
    rest -= 1;
    bytes.unshift(0x80 | (rest & 0x7f));
  }
  return Buffer.from(bytes);
}

/** A size in a delta's header: little-endian 7-bit groups. */
function deltaSize(n: number, out: number[]): void {
  for (; n >= 0x80; n = Math.floor(n / 128)) out.push((n & 0x7f) | 0x80);
  out.push(n);
}

/** Bytes equal at the start of both buffers (compared a block at a time first). */
function commonStart(a: Buffer, b: Buffer): number {
  const max = Math.min(a.length, b.length);
  let i = 0;
  while (i + 1024 <= max && a.subarray(i, i + 1024).equals(b.subarray(i, i + 1024))) i += 1024;
  while (i < max && a[i] === b[i]) i++;
  return i;
}

/** Bytes equal at the end of both buffers, at most `max`. */
function commonEnd(a: Buffer, b: Buffer, max: number): number {
  let i = 0;
  while (i + 1024 <= max && a.subarray(a.length - i - 1024, a.length - i).equals(b.subarray(b.length - i - 1024, b.length - i))) i += 1024;
  while (i < max && a[a.length - 1 - i] === b[b.length - 1 - i]) i++;
  return i;
}

/**
 * `target` as a git delta of `base` (patch-delta.c's format): copy the common start, insert what differs, copy the
 * common end. One changed run (an entry added, removed or replaced in a sorted tree) makes a delta of its size.
 */
export function spliceDelta(base: Buffer, target: Buffer): Buffer {
  const start = commonStart(base, target);
  const end = commonEnd(base, target, Math.min(base.length, target.length) - start);
  const head: number[] = [];
  deltaSize(base.length, head);
  deltaSize(target.length, head);
  const parts: Buffer[] = [Buffer.from(head)];
  const copy = (offset: number, length: number): void => {
    // a copy names at most 64 KiB (git's own encoder's limit); zero bytes of offset or size are left out
    for (let done = 0; done < length;) {
      const size = Math.min(0x10000, length - done);
      const at = offset + done;
      const op = [0x80];
      for (let k = 0; k < 4; k++) if ((at >>> (8 * k)) & 0xff) { op[0]! |= 1 << k; op.push((at >>> (8 * k)) & 0xff); }
      if (size !== 0x10000) for (let k = 0; k < 3; k++) if ((size >>> (8 * k)) & 0xff) { op[0]! |= 0x10 << k; op.push((size >>> (8 * k)) & 0xff); }
      parts.push(Buffer.from(op));
      done += size;
    }
  };
  copy(0, start);
  for (let at = start; at < target.length - end; at += 0x7f) {
    const chunk = target.subarray(at, Math.min(at + 0x7f, target.length - end));
    parts.push(Buffer.from([chunk.length]), chunk);
  }
  copy(base.length - end, end);
  return Buffer.concat(parts);
}

/** An object's body as the pack stores it: zlib without compression (trees and commits are written once and repacked later). */
function packedBody(body: Buffer): Buffer {
  return body.length <= STORED ? storedZlib(body) : zlib.deflateSync(body, { level: 0 });
}

/** The pack and index bytes of `entries` (each id once) and the pack's name (its checksum). */
export function packFiles(format: ObjectFormatName, entries: readonly Entry[]): { pack: Buffer; idx: Buffer; name: string } {
  const hash = format === 'sha256' ? 'sha256' : 'sha1';
  const hashLength = format === 'sha256' ? 32 : 20;
  const head = Buffer.alloc(12);
  head.write('PACK', 0, 'latin1');
  head.writeUInt32BE(2, 4);
  head.writeUInt32BE(entries.length, 8);
  const parts: Buffer[] = [head];
  const placed: { id: Buffer; offset: number; crc: number }[] = [];
  let offset = head.length;
  const offsets = new Map<string, number>();
  for (const e of entries) {
    const base = e.delta ? offsets.get(e.delta.base) : undefined;
    if (e.delta && base === undefined) throw new Error(`delta base ${e.delta.base} is not before ${e.id} in the pack`);
    const header = e.delta
      ? Buffer.concat([entryHeader(OFS_DELTA, e.delta.data.length), offsetBack(offset - base!)])
      : entryHeader(TYPE_CODE[e.type], e.body.length);
    const data = packedBody(e.delta ? e.delta.data : e.body);
    placed.push({ id: Buffer.from(e.id, 'hex'), offset, crc: crc32(Buffer.concat([header, data])) });
    offsets.set(e.id, offset);
    parts.push(header, data);
    offset += header.length + data.length;
  }
  const packSum = parts.reduce((h, p) => h.update(p), createHash(hash)).digest();
  parts.push(packSum);

  placed.sort((a, b) => a.id.compare(b.id));
  const large = placed.filter((p) => p.offset >= 0x80000000);
  const idx = Buffer.alloc(8 + 256 * 4 + placed.length * (hashLength + 8) + large.length * 8 + 2 * hashLength);
  idx.writeUInt32BE(0xff744f63, 0); // "\377tOc"
  idx.writeUInt32BE(2, 4);
  let at = 8;
  for (let byte = 0, i = 0; byte < 256; byte++) {
    while (i < placed.length && placed[i]!.id[0]! <= byte) i++;
    idx.writeUInt32BE(i, at);
    at += 4;
  }
  for (const p of placed) at += p.id.copy(idx, at);
  for (const p of placed) at = idx.writeUInt32BE(p.crc, at);
  let nextLarge = 0;
  for (const p of placed) at = idx.writeUInt32BE(p.offset < 0x80000000 ? p.offset : (0x80000000 | nextLarge++) >>> 0, at);
  for (const p of large) at = idx.writeBigUInt64BE(BigInt(p.offset), at);
  at += packSum.copy(idx, at);
  createHash(hash).update(idx.subarray(0, at)).digest().copy(idx, at);
  return { pack: Buffer.concat(parts), idx, name: `pack-${packSum.toString('hex')}` };
}

/**
 * Fewer objects than this are stored loose: a pack per write of a few objects would leave a repository with
 * hundreds of packs between upkeeps, and git looks an object up in each (git itself unpacks pushes of fewer than
 * transfer.unpackLimit objects).
 */
export const PACK_FROM = 8;

/** Temporary file names in the pack directory: a random part per process and a counter. */
const tmpPrefix = `tmp_pack_${randomBytes(4).toString('hex')}_`;
let tmpCount = 0;

/**
 * Objects gathered for one pack: each is named (and readable through the host's object cache) when added, and
 * stored when `write` puts the pack in the repository; nothing may point a ref at them before that.
 */
export class PackBuilder {
  private readonly entries = new Map<string, Entry>();

  constructor(readonly format: ObjectFormatName) {}

  /**
   * Adds an object (once per id) and returns its id. `like` names an object it was made from (a tree's earlier
   * version): when that one is in this pack, the new one is stored as a delta of it if that is smaller.
   */
  add(type: PackedType, body: Buffer, like?: string): string {
    const id = objectId(this.format, type, body);
    if (this.entries.has(id)) return id;
    const base = like === undefined ? undefined : this.entries.get(like);
    if (base && base.type === type && base.depth < MAX_DEPTH && body.length >= DELTA_FROM) {
      const data = spliceDelta(base.body, body);
      if (data.length < body.length / 2) {
        this.entries.set(id, { id, type, body, delta: { base: base.id, data }, depth: base.depth + 1 });
        return id;
      }
    }
    this.entries.set(id, { id, type, body, depth: 0 });
    return id;
  }

  /** How many objects were added. */
  get size(): number {
    return this.entries.size;
  }

  /** Ids added so far. */
  get ids(): string[] {
    return [...this.entries.keys()];
  }

  /** Adds every object of the other builders (whole: a delta's base may be in another pack). */
  addAll(others: readonly PackBuilder[]): void {
    for (const o of others) for (const e of o.entries.values()) if (!this.entries.has(e.id)) this.entries.set(e.id, { id: e.id, type: e.type, body: e.body, depth: 0 });
  }

  /** Stores the objects in the repository: as loose objects when they are few, else as one pack. */
  async store(gitDir: string): Promise<void> {
    if (this.entries.size >= PACK_FROM) {
      await this.write(gitDir);
      return;
    }
    for (const e of this.entries.values()) await writeLooseObject(gitDir, this.format, e.type, e.body, { fresh: e.type !== 'blob' });
  }

  /** Stores the objects in the repository as one pack (none when empty); returns the pack's name. */
  async write(gitDir: string): Promise<string | null> {
    if (this.entries.size === 0) return null;
    const { pack, idx, name } = packFiles(this.format, [...this.entries.values()]);
    const dir = path.join(gitDir, 'objects', 'pack');
    const tmp = path.join(dir, `${tmpPrefix}${(tmpCount++).toString(36)}`);
    try {
      await mkdir(dir, { recursive: true });
      await Promise.all([writeFile(`${tmp}.pack`, pack, { mode: 0o444 }), writeFile(`${tmp}.idx`, idx, { mode: 0o444 })]);
      // the index last: git looks for packs by their index, which must not name a pack that is not there yet
      await rename(`${tmp}.pack`, path.join(dir, `${name}.pack`));
      await rename(`${tmp}.idx`, path.join(dir, `${name}.idx`));
    } catch (err) {
      await Promise.all([unlink(`${tmp}.pack`).catch(() => undefined), unlink(`${tmp}.idx`).catch(() => undefined)]);
      throw err;
    }
    return name;
  }
}

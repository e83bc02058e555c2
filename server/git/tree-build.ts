/**
 * Applying path changes to a tree without an index: the parent's trees are read through the object reader, only
 * the trees along changed paths are rebuilt, and each is encoded exactly as `git write-tree` would (canonical
 * modes, git's entry order, empty directories dropped), so the ids match a read-tree/update-index/write-tree run.
 */
import type { ObjectReader } from './cat-file.ts';
import { hexLength, parseTree, type ObjectFormatName } from './objects.ts';
import { entryAt, entryCount, findName, spliceTree, treeIndex, type TreeIndex } from './tree-index.ts';

/** One entry of a directory being rebuilt; `dir` is set once a subtree is loaded (it is then rebuilt if dirty). */
interface Entry {
  mode: string;
  id: string;
  dir?: Dir;
}

/**
 * A directory being rebuilt. With a canonical `base`, only the entries touched are in `entries` (their places in
 * the base are in `taken`) and the tree is written by splicing the base's bytes; without one, `entries` is all.
 */
interface Dir {
  base: TreeIndex | null;
  taken: Set<number>;
  entries: Map<string, Entry>;
  dirty: boolean;
  /** The tree it was loaded from (a writer may store the new one as a delta of it). */
  from?: string;
}

const emptyDir = (): Dir => ({ base: null, taken: new Set(), entries: new Map(), dirty: true });

/** The entry named `name`, moved out of the base into the touched entries when it is there. */
function getEntry(dir: Dir, name: string): Entry | undefined {
  const have = dir.entries.get(name);
  if (have || !dir.base) return have;
  const i = findName(dir.base, name);
  if (i < 0 || dir.taken.has(i)) return undefined;
  const e = entryAt(dir.base, i);
  const moved: Entry = { mode: e.mode, id: e.id };
  dir.taken.add(i);
  dir.entries.set(name, moved);
  return moved;
}

/** A path set to a blob (`id`), or removed (`id` null). */
export interface PathEdit {
  path: string;
  id: string | null;
  mode: string;
}

/** The mode git keeps in the index for a tree entry's mode (read-tree's create_ce_mode, trees as `40000`). */
export function canonicalMode(mode: string): string {
  const m = parseInt(mode, 8);
  const type = m & 0o170000;
  if (type === 0o040000) return '40000';
  if (type === 0o120000) return '120000';
  if (type === 0o160000) return '160000';
  return m & 0o100 ? '100755' : '100644';
}

const isTreeMode = (mode: string): boolean => canonicalMode(mode) === '40000';

/** Git's order of tree entries: bytewise by name, a directory compared as if its name ended in '/'. */
export function compareEntries(a: { name: string; mode: string }, b: { name: string; mode: string }): number {
  const ka = Buffer.from(isTreeMode(a.mode) ? `${a.name}/` : a.name, 'utf8');
  const kb = Buffer.from(isTreeMode(b.mode) ? `${b.name}/` : b.name, 'utf8');
  return Buffer.compare(ka, kb);
}

/** The bytes of a tree object holding `entries` (any order; sorted here). */
export function encodeTree(format: ObjectFormatName, entries: { name: string; mode: string; id: string }[]): Buffer {
  const width = hexLength(format);
  const parts: Buffer[] = [];
  // each entry's sort key made once (compareEntries makes two per comparison: n log n buffers for a large directory)
  const keyed = entries.map((e) => ({ e, key: Buffer.from(isTreeMode(e.mode) ? `${e.name}/` : e.name, 'utf8') }));
  keyed.sort((a, b) => Buffer.compare(a.key, b.key));
  for (const { e } of keyed) {
    if (e.id.length !== width) throw new Error(`object id ${e.id} is not a ${format} id`);
    parts.push(Buffer.from(`${e.mode} ${e.name}\0`, 'utf8'), Buffer.from(e.id, 'hex'));
  }
  return Buffer.concat(parts);
}

/** Thrown when a change would put a file where a directory is, or under a file (update-index refuses both). */
export class PathConflictError extends Error {}

/** Stores a tree's bytes and returns its id; `from` is the tree it was rebuilt from, if any. */
export type TreeWrite = (body: Buffer, from?: string) => Promise<string>;

/** Builds trees from a base tree and edits; `write` stores each tree rebuilt. */
export class TreeBuilder {
  private root: Promise<Dir> | null = null;

  constructor(
    private readonly reader: ObjectReader,
    private readonly format: ObjectFormatName,
    private readonly base: string | null,
  ) {}

  /** Applies the edits in order (a later edit of a path wins), then writes the changed trees; returns the root id. */
  async build(edits: PathEdit[], write: TreeWrite): Promise<string> {
    const root = await this.rootDir();
    for (const e of edits) await this.apply(root, e);
    return (await this.writeDir(root, write, true))!;
  }

  private rootDir(): Promise<Dir> {
    this.root ??= this.base ? this.load(this.base) : Promise.resolve(emptyDir());
    return this.root;
  }

  private async load(id: string): Promise<Dir> {
    const obj = await this.reader.read(id);
    if (!obj || obj.type !== 'tree') throw new Error(`tree ${id} cannot be read`);
    const base = treeIndex(obj.data, this.format);
    if (base) return { base, taken: new Set(), entries: new Map(), dirty: false, from: id };
    const entries = new Map<string, Entry>();
    for (const e of parseTree(obj.data, this.format)) entries.set(e.name, { mode: e.mode, id: e.id });
    return { base: null, taken: new Set(), entries, dirty: false, from: id };
  }

  private async apply(root: Dir, edit: PathEdit): Promise<void> {
    const parts = edit.path.split('/');
    const name = parts.pop()!;
    let dir = root;
    for (const [i, part] of parts.entries()) {
      // the index invalidates every cached tree along the path, even for a removal that finds nothing
      dir.dirty = true;
      const found = getEntry(dir, part);
      if (found && !isTreeMode(found.mode)) {
        if (edit.id === null) return;
        throw new PathConflictError(`'${parts.slice(0, i + 1).join('/')}' appears as both a file and as a directory`);
      }
      if (!found) {
        if (edit.id === null) return;
        const made: Entry = { mode: '40000', id: '', dir: emptyDir() };
        dir.entries.set(part, made);
        dir = made.dir!;
        continue;
      }
      found.dir ??= await this.load(found.id);
      dir = found.dir;
    }
    dir.dirty = true;
    const there = getEntry(dir, name);
    if (edit.id === null) {
      // the index holds files only: removing a directory's path removes nothing
      if (there && !isTreeMode(there.mode)) dir.entries.delete(name);
      return;
    }
    if (there && isTreeMode(there.mode)) {
      there.dir ??= await this.load(there.id);
      if (hasFiles(there.dir)) throw new PathConflictError(`'${edit.path}' appears as both a file and as a directory`);
    }
    dir.entries.set(name, { mode: edit.mode, id: edit.id });
  }

  /** Writes a dirty directory (children first) and returns its id; null when it ends up empty (git drops it). */
  private async writeDir(dir: Dir, write: TreeWrite, isRoot = false): Promise<string | null> {
    const out: { name: string; mode: string; id: string }[] = [];
    for (const [name, e] of dir.entries) {
      if (e.dir?.dirty) {
        const id = await this.writeDir(e.dir, write);
        if (id) out.push({ name, mode: '40000', id });
      } else out.push({ name, mode: canonicalMode(e.mode), id: e.id });
    }
    if (dir.base) {
      if (out.length === 0 && entryCount(dir.base) === dir.taken.size && !isRoot) return null;
      return write(spliceTree(dir.base, [...dir.taken], out).data, dir.from);
    }
    if (out.length === 0 && !isRoot) return null;
    return write(encodeTree(this.format, out), dir.from);
  }
}

/** True when a loaded directory (or a subtree of it) still has an entry; an unloaded subtree counts as having one. */
function hasFiles(dir: Dir): boolean {
  if (dir.base && entryCount(dir.base) > dir.taken.size) return true;
  for (const e of dir.entries.values()) if (!e.dir || hasFiles(e.dir)) return true;
  return false;
}

/**
 * Building a commit without a working tree and without git processes: blobs, the trees along changed paths and
 * the commit are written as loose objects (tree-build.ts encodes trees as `write-tree` would), the parent's trees
 * read through the object reader. The ref is moved separately (ref-update.ts) with the old value, so a concurrent
 * change is seen.
 */
import { CatFileReader, type ObjectReader } from './cat-file.ts';
import { writeLooseObject } from './loose-object.ts';
import type { ObjectFormatName } from './objects.ts';
import type { PackBuilder } from './pack-write.ts';
import { TreeBuilder } from './tree-build.ts';

export interface TreeChange {
  /** Tree path (already cleaned: no `.`/`..`/empty segments). */
  path: string;
  /** The new bytes; null removes the path (unless blobId names an existing blob to put there). */
  content: Buffer | null;
  /** An existing blob to put at the path (a move that keeps the content, or `content` stored already). */
  blobId?: string;
  /** File mode for a written path (100644 or 100755). */
  mode?: string;
}

export interface CommitIdentity {
  name: string;
  email: string;
  /** A date git accepts (`@<unix> +0000`, RFC 3339, ...). */
  date: string;
}

export interface CommitSpec {
  /** The parent commit; null for the first commit of an empty repository. */
  parent: string | null;
  changes: TreeChange[];
  author: CommitIdentity;
  committer: CommitIdentity;
  /** The full message, ending in a newline. */
  message: string;
}

/** Bytes git trims from both ends of an identity part (ident.c's crud()). */
const crud = (c: string): boolean => c <= ' ' || '.,:;<>"\\\''.includes(c);

/** An identity part as git writes it: angle brackets, newlines and NUL removed, crud trimmed from both ends. */
export function cleanIdent(s: string): string {
  const kept = s.replace(/[<>\n\0]/g, '');
  let a = 0;
  let b = kept.length;
  while (a < b && crud(kept[a]!)) a++;
  while (b > a && crud(kept[b - 1]!)) b--;
  return kept.slice(a, b);
}

/** `@<unix> <+|-hhmm>` as git stores it: `<unix> <zone>`, the zone renormalised as git prints it (-0000 is +0000). */
export function gitTime(date: string): string {
  const m = /^@(\d+) ([+-])(\d{2})(\d{2})$/.exec(date);
  if (!m) throw new Error(`unsupported commit date ${date}`);
  const minutes = Number(m[3]) * 60 + Number(m[4]);
  const sign = m[2] === '-' && minutes > 0 ? '-' : '+';
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${m[1]} ${sign}${pad(Math.floor(minutes / 60))}${pad(minutes % 60)}`;
}

/** The `author`/`committer` line value of an identity. */
function identLine(who: CommitIdentity): string {
  const name = cleanIdent(who.name);
  if (!name) throw new Error('empty ident name not allowed');
  return `${name} <${cleanIdent(who.email)}> ${gitTime(who.date)}`;
}

/** The bytes of a commit object (what `git commit-tree` writes for this tree, parent, people and message). */
export function commitBody(tree: string, spec: Omit<CommitSpec, 'changes'>): Buffer {
  const parent = spec.parent ? `parent ${spec.parent}\n` : '';
  return Buffer.from(`tree ${tree}\n${parent}author ${identLine(spec.author)}\ncommitter ${identLine(spec.committer)}\n\n${spec.message}`, 'utf8');
}

/**
 * Builds the commit of `spec` in the bare repository and returns its id; the repository's refs are not touched.
 * `reader` reads the parent's trees; without one, a reader is started for this call. With `pack`, the new objects
 * are added to it instead of written loose (the caller writes the pack before a ref points at them).
 */
export async function writeCommit(
  gitDir: string, zero: string, spec: CommitSpec, reader?: ObjectReader, wrote?: (id: string, type: 'blob' | 'tree' | 'commit', body: Buffer) => void,
  pack?: PackBuilder,
): Promise<{ id: string; tree: string }> {
  const format: ObjectFormatName = zero.length === 64 ? 'sha256' : 'sha1';
  const own = reader ? null : new CatFileReader(gitDir, () => undefined);
  // each object written, and then told to `wrote` (the caller may keep its bytes for the reads that follow)
  const write = async (type: 'blob' | 'tree' | 'commit', body: Buffer, from?: string): Promise<string> => {
    // a blob may be there already (the same content elsewhere); the trees along the changed paths and the commit
    // are new, so they skip the existence check (an access() call each)
    const id = pack ? pack.add(type, body, from) : await writeLooseObject(gitDir, format, type, body, { fresh: type !== 'blob' });
    wrote?.(id, type, body);
    return id;
  };
  try {
    const objects = reader ?? own!;
    const parentTree = spec.parent ? await treeOf(objects, spec.parent) : null;
    const edits = await Promise.all(spec.changes.map(async (c) => {
      // the bytes are stored as given (no attributes or eol conversion), as a push would store them
      const id = c.blobId ?? (c.content === null ? null : await write('blob', c.content));
      return { path: c.path, id, mode: c.mode ?? '100644' };
    }));
    const tree = await new TreeBuilder(objects, format, parentTree).build(edits, (body, from) => write('tree', body, from));
    const id = await write('commit', commitBody(tree, spec));
    return { id, tree };
  } finally {
    own?.close();
  }
}

/** The tree id of a commit, read through the reader. */
async function treeOf(reader: ObjectReader, commit: string): Promise<string> {
  const obj = await reader.read(commit);
  const m = obj?.type === 'commit' ? /^tree ([0-9a-f]+)\n/.exec(obj.data.toString('latin1', 0, 80)) : null;
  if (!m) throw new Error(`commit ${commit} cannot be read`);
  return m[1]!;
}

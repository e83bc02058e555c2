/**
 * Building a commit without a working tree: blobs written with `hash-object -w`, the parent's tree read into a
 * temporary index (GIT_INDEX_FILE), the changes applied with `update-index --index-info`, then `write-tree` and
 * `commit-tree`. The ref is moved separately (ref-update.ts) with the old value, so a concurrent change is seen.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { git } from './process.ts';

export interface TreeChange {
  /** Tree path (already cleaned: no `.`/`..`/empty segments). */
  path: string;
  /** The new bytes; null removes the path (unless blobId names an existing blob to put there). */
  content: Buffer | null;
  /** An existing blob to put at the path (a move that keeps the content). */
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

/** Strips what git refuses or would misread in an identity (angle brackets, newlines, NUL). */
const cleanIdent = (s: string): string => s.replace(/[<>\n\0]/g, '').trim();

/** Writes the blobs of `changes` with one `hash-object` and returns their ids, in order (null for removals). */
async function writeBlobs(gitDir: string, dir: string, changes: TreeChange[]): Promise<(string | null)[]> {
  const files: string[] = [];
  await Promise.all(changes.map(async (c, i) => {
    if (c.content === null) return;
    const file = path.join(dir, `blob-${i}`);
    files[i] = file;
    await writeFile(file, c.content);
  }));
  const list = files.filter(Boolean);
  if (list.length === 0) return changes.map(() => null);
  // --no-filters: the bytes are stored as given (no attributes or eol conversion), as a push would store them.
  const ids = (await git(['hash-object', '-w', '--no-filters', '--stdin-paths'], { gitDir, input: `${list.join('\n')}\n` })).trim().split('\n');
  let next = 0;
  return changes.map((c) => (c.content === null ? null : (ids[next++] ?? null)));
}

/** Builds the commit of `spec` in the bare repository and returns its id; the repository's refs are not touched. */
export async function writeCommit(gitDir: string, zero: string, spec: CommitSpec): Promise<{ id: string; tree: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'homeforge-commit-'));
  try {
    const env = { GIT_INDEX_FILE: path.join(dir, 'index') };
    const blobs = await writeBlobs(gitDir, dir, spec.changes);
    if (spec.parent) await git(['read-tree', `${spec.parent}^{tree}`], { gitDir, env });
    const info = spec.changes.map((c, i) => {
      const blob = c.blobId ?? blobs[i];
      return blob ? `${c.mode ?? '100644'} ${blob}\t${c.path}` : `0 ${zero}\t${c.path}`;
    });
    await git(['update-index', '--add', '--remove', '-z', '--index-info'], { gitDir, env, input: `${info.join('\0')}\0` });
    const tree = (await git(['write-tree'], { gitDir, env })).trim();
    const commitEnv = {
      GIT_AUTHOR_NAME: cleanIdent(spec.author.name), GIT_AUTHOR_EMAIL: cleanIdent(spec.author.email), GIT_AUTHOR_DATE: spec.author.date,
      GIT_COMMITTER_NAME: cleanIdent(spec.committer.name), GIT_COMMITTER_EMAIL: cleanIdent(spec.committer.email), GIT_COMMITTER_DATE: spec.committer.date,
    };
    const args = ['commit-tree', '--no-gpg-sign', tree, ...(spec.parent ? ['-p', spec.parent] : [])];
    const id = (await git(args, { gitDir, env: commitEnv, input: spec.message })).trim();
    return { id, tree };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

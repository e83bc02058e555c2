/**
 * What a backup copies of a bare repository, and the refs file it writes in place of the live refs. Objects are
 * only ever added by pushes (receive-pack moves a quarantine into place before any ref moves), so objects copied
 * after a snapshot point cover the refs recorded at it; the copy's refs are exactly those recorded ones.
 */
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { RefInfo } from './refs.ts';

export interface RepoFile {
  /** Path inside the git directory, with `/` separators. */
  rel: string;
  size: number;
}

// Small files kept as they are; refs come from the point, hooks are reinstalled at each start.
const TOP = ['HEAD', 'config', 'description'];
// Temporary or half-written files git may leave while it works. A pack's `.keep` is one too: receive-pack holds
// the pack it is receiving with it and deletes it once the refs moved, so a push can remove it between the listing
// and the copy (a backup under pushes failed on that ENOENT); a restored repository needs none.
const SKIP = /(^|\/)(incoming-[^/]*|tmp_[^/]*|[^/]*\.lock|[^/]*\.tmp|pack-[^/]*\.keep)(\/|$)/;

async function walk(root: string, rel: string, out: RepoFile[]): Promise<void> {
  let entries;
  try {
    entries = await readdir(path.join(root, rel), { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const e of entries) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (SKIP.test(r)) continue;
    if (e.isDirectory()) await walk(root, r, out);
    else if (e.isFile()) {
      // A file git removed meanwhile (a loose object packed by another process) is simply left out.
      const s = await stat(path.join(root, r)).catch(() => null);
      if (s) out.push({ rel: r, size: s.size });
    }
  }
}

/** The files of `gitDir` a backup copies: HEAD, config, description, info/ and every object and pack. */
export async function repoFiles(gitDir: string): Promise<RepoFile[]> {
  const out: RepoFile[] = [];
  for (const name of TOP) {
    const s = await stat(path.join(gitDir, name)).catch(() => null);
    if (s?.isFile()) out.push({ rel: name, size: s.size });
  }
  await walk(gitDir, 'info', out);
  await walk(gitDir, 'objects', out);
  return out;
}

/** A `packed-refs` file holding exactly `refs` (sorted, as git writes it). */
export function packedRefs(refs: readonly RefInfo[]): string {
  const sorted = [...refs].sort((a, b) => (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0));
  return `# pack-refs with: sorted \n${sorted.map((r) => `${r.sha} ${r.ref}\n`).join('')}`;
}

/** Whether `dir` looks like a bare repository (HEAD, objects and refs). */
export async function isBareRepo(dir: string): Promise<boolean> {
  const [head, objects, refs] = await Promise.all(['HEAD', 'objects', 'refs'].map((n) => stat(path.join(dir, n)).catch(() => null)));
  return Boolean(head?.isFile() && objects?.isDirectory() && refs?.isDirectory());
}

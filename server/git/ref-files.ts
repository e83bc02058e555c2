/**
 * A bare repository's refs read from its files (`packed-refs` and loose files under `refs/`), with no git
 * process: a backup's snapshot point reads every repository's refs while pushes wait, so this must be quick.
 * Loose files win over packed lines, as in git; symbolic refs give their target's object; `*.lock` files are
 * writes in progress and are ignored. Gives what `git for-each-ref --format='%(objectname) %(refname)' refs/` gives
 * for the files backend (the only one git 2.39 has).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { RefInfo } from './refs.ts';

/** Refs the host keeps for its own work (a pull mirror's fetched state): never served, never backed up. */
export const HOST_REFS = 'refs/homeforge/';

const OBJECT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
/** Symbolic refs followed at most this deep, as git's own limit. */
const MAX_SYMREF_DEPTH = 5;

/** The lines of a `packed-refs` file, peeled (`^`) lines and the header left out. */
export function parsePackedRefs(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#') || line.startsWith('^')) continue;
    const i = line.indexOf(' ');
    const sha = line.slice(0, i);
    if (i > 0 && OBJECT_ID.test(sha)) out.set(line.slice(i + 1), sha);
  }
  return out;
}

async function readLoose(gitDir: string, rel: string, into: Map<string, string>): Promise<void> {
  let entries;
  try {
    entries = await readdir(path.join(gitDir, rel), { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return;
    throw err;
  }
  await Promise.all(entries.map(async (e) => {
    const r = `${rel}/${e.name}`;
    if (e.isDirectory()) return readLoose(gitDir, r, into);
    if (!e.isFile() || e.name.endsWith('.lock')) return;
    // A ref removed between the listing and the read is simply gone.
    const text = await readFile(path.join(gitDir, r), 'utf8').catch(() => null);
    if (text !== null) into.set(r, text.trim());
  }));
}

/** Every ref under `refs/` with the object it points at, sorted by name. */
export async function readRefFiles(gitDir: string): Promise<RefInfo[]> {
  const packedText = await readFile(path.join(gitDir, 'packed-refs'), 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return '';
    throw err;
  });
  const values = parsePackedRefs(packedText);
  const loose = new Map<string, string>();
  await readLoose(gitDir, 'refs', loose);
  for (const [ref, value] of loose) values.set(ref, value);
  const resolve = (value: string, depth: number): string | null => {
    if (OBJECT_ID.test(value)) return value;
    const target = /^ref: (.+)$/.exec(value)?.[1];
    if (!target || depth >= MAX_SYMREF_DEPTH) return null;
    const next = values.get(target);
    return next === undefined ? null : resolve(next, depth + 1);
  };
  const out: RefInfo[] = [];
  for (const [ref, value] of values) {
    const sha = resolve(value, 0);
    if (sha) out.push({ ref, sha });
  }
  // git sorts by bytes; names are ASCII-safe here and compared the same way.
  return out.sort((a, b) => (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0));
}

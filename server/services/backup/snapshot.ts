/**
 * The snapshot point of a backup. Ref writers are held (app.point) and the store's physical writes paused for
 * the moment it takes to hard-link every store file into a staging folder (documents are replaced by rename,
 * so a link keeps the content of the instant; append logs only grow, so their size is recorded and only that
 * prefix is copied). Then, still before ref writers go on, every repository's refs are recorded, read from
 * the ref files with no git process (the hold lasts as long as this takes). The archive is written afterwards
 * from these, while the host runs on. The host's own working refs (`refs/homeforge/`) are left out.
 */
import { copyFile, link, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../context.ts';
import type { RefInfo } from '../../git/refs.ts';
import { HOST_REFS, readRefFiles } from '../../git/ref-files.ts';
import { isBareRepo } from '../../git/snapshot-files.ts';
import { repositoriesRoot } from '../../store/repos.ts';
import { packagesRoot } from '../../store/package-blobs.ts';

export interface StoreFile {
  /** Path under `store/`, `/`-separated. */
  rel: string;
  /** The staged copy (a hard link, or a copy where links are not possible). */
  staged: string;
  size: number;
}

export interface RepoPoint {
  /** Path under `repositories/`, `/`-separated. */
  rel: string;
  gitDir: string;
  refs: RefInfo[];
}

export interface Snapshot {
  /** When ref writers were stopped, and when they went on (ms since the epoch). */
  started: number;
  fixed: number;
  /** How long the store's writes were paused (ms). */
  storePauseMs: number;
  store: StoreFile[];
  /** Package file content as of the point (paths under `packages/`), staged like the store. */
  packages: StoreFile[];
  repos: RepoPoint[];
}

async function stageStore(root: string, stageRoot: string, skip = (_rel: string) => false): Promise<StoreFile[]> {
  const files: string[] = [];
  const walk = async (rel: string): Promise<void> => {
    const entries = await readdir(path.join(root, rel), { withFileTypes: true }).catch(() => []);
    await mkdir(path.join(stageRoot, rel), { recursive: true });
    for (const e of entries) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (skip(r)) continue;
      if (e.isDirectory()) await walk(r);
      // A temp file is a write that never finished: a restart would ignore it too.
      else if (e.isFile() && !e.name.endsWith('.tmp')) files.push(r);
    }
  };
  await walk('');
  // Links in parallel batches: the store's writes are paused for as long as this takes.
  const out: StoreFile[] = [];
  for (let i = 0; i < files.length; i += 64) {
    out.push(...(await Promise.all(files.slice(i, i + 64).map(async (r) => {
      const src = path.join(root, r);
      const staged = path.join(stageRoot, r);
      const { size } = await stat(src);
      await link(src, staged).catch(() => copyFile(src, staged));
      return { rel: r, staged, size };
    }))));
  }
  return out;
}

async function findRepos(root: string, rel = '', depth = 0): Promise<string[]> {
  if (await isBareRepo(path.join(root, rel))) return [rel];
  if (depth > 3) return [];
  const entries = await readdir(path.join(root, rel), { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const e of entries) if (e.isDirectory()) out.push(...(await findRepos(root, rel ? `${rel}/${e.name}` : e.name, depth + 1)));
  return out;
}

/** Fixes the point: stages the store under `stageDir` and records every repository's refs. */
export async function fixSnapshot(app: AppContext, stageDir: string): Promise<Snapshot> {
  return app.point.fix(async () => {
    const started = Date.now();
    const release = await app.store.engine.pause.pause();
    let store: StoreFile[];
    let packages: StoreFile[];
    try {
      store = await stageStore(app.store.engine.root, stageDir);
      // Package content is linked in the same pause: a blob's record is stored after its file exists and
      // removed before its file goes, so every blob the staged store names is among these links.
      packages = await stageStore(packagesRoot(app.store), path.join(stageDir, '.packages'), (r) => r === '.tmp');
    } finally {
      release();
    }
    const storePauseMs = Date.now() - started;
    // Ref writers are still held: these refs belong to the same instant as the staged store.
    const root = repositoriesRoot(app.store);
    const dirs = (await findRepos(root)).filter((rel) => rel && !app.point.isDoomed(path.join(root, rel)));
    const repos: RepoPoint[] = [];
    for (let i = 0; i < dirs.length; i += 32) {
      repos.push(...(await Promise.all(dirs.slice(i, i + 32).map(async (rel) => {
        const gitDir = path.join(root, rel);
        const refs = (await readRefFiles(gitDir)).filter((r) => !r.ref.startsWith(HOST_REFS));
        return { rel, gitDir, refs };
      }))));
    }
    return { started, fixed: Date.now(), storePauseMs, store, packages, repos };
  });
}

/** Reads a stopped host's data dir from outside: every store document parses, repositories pass git fsck, hook tasks. */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { bareDir, git } from './writes.ts';

async function jsonFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await jsonFiles(p)));
    else if (e.name.endsWith('.json')) out.push(p);
  }
  return out;
}

/** Parses every document of the store; returns the ones that do not parse. */
export async function unreadableDocuments(dataDir: string): Promise<string[]> {
  const bad: string[] = [];
  for (const f of await jsonFiles(path.join(dataDir, 'store'))) {
    try {
      JSON.parse(await readFile(f, 'utf8'));
    } catch (err) {
      bad.push(`${path.relative(dataDir, f)}: ${(err as Error).message}`);
    }
  }
  return bad;
}

/** The ids of the stored repository records. */
export async function repoIds(dataDir: string): Promise<number[]> {
  const file = path.join(dataDir, 'store', 'repositories.json');
  const doc = JSON.parse(await readFile(file, 'utf8').catch(() => '{"rows":{}}')) as { rows: Record<string, { id: number }> };
  return Object.values(doc.rows).map((r) => r.id);
}

/** Runs `git fsck --strict` on the bare repository of every record; returns the problems. */
export async function fsckAll(dataDir: string): Promise<{ checked: number; problems: string[] }> {
  const problems: string[] = [];
  const ids = await repoIds(dataDir);
  let next = 0;
  const run = async (): Promise<void> => {
    while (next < ids.length) {
      const id = ids[next++]!;
      const dir = bareDir(dataDir, id);
      if (!(await stat(path.join(dir, 'HEAD')).catch(() => null))) {
        problems.push(`repository ${id}: no bare repository at ${path.relative(dataDir, dir)}`);
        continue;
      }
      const r = await git(['fsck', '--strict', '--no-progress'], dir);
      if (r.code !== 0) problems.push(`repository ${id}: git fsck exit ${r.code}: ${(r.err + r.out).trim().slice(0, 300)}`);
    }
  };
  await Promise.all([run(), run()]);
  return { checked: ids.length, problems };
}

export interface StoredTask { hookId: number; uuid: string; delivered: boolean }

/** Every stored hook task. */
export async function hookTasks(dataDir: string): Promise<StoredTask[]> {
  const out: StoredTask[] = [];
  for (const f of await jsonFiles(path.join(dataDir, 'store', 'hook_tasks'))) {
    const doc = JSON.parse(await readFile(f, 'utf8')) as { records: Record<string, { hook_id: number; uuid: string; is_delivered: boolean }> };
    for (const t of Object.values(doc.records)) out.push({ hookId: t.hook_id, uuid: t.uuid, delivered: t.is_delivered });
  }
  return out;
}

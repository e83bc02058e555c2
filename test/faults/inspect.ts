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

type TaskFields = { id: number; hook_id: number; uuid: string; is_delivered: boolean };
type TaskLine = { op: 'put'; rec: TaskFields } | { op: 'set'; id: number; fields: Partial<TaskFields> } | { op: 'del'; id: number } | { op: 'next' };

async function logFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await logFiles(p)));
    else if (/^\d+\.log$/.test(e.name)) out.push(p);
  }
  return out;
}

/** Every stored hook task: partition logs of JSON lines (a torn last line skipped, as the host does). */
export async function hookTasks(dataDir: string): Promise<StoredTask[]> {
  const out: StoredTask[] = [];
  for (const f of await logFiles(path.join(dataDir, 'store', 'hook_tasks'))) {
    const recs = new Map<number, TaskFields>();
    for (const line of (await readFile(f, 'utf8')).split('\n')) {
      let e: TaskLine;
      try {
        e = JSON.parse(line) as TaskLine;
      } catch {
        continue;
      }
      if (e.op === 'put') recs.set(e.rec.id, e.rec);
      else if (e.op === 'set') Object.assign(recs.get(e.id) ?? {}, e.fields);
      else if (e.op === 'del') recs.delete(e.id);
    }
    for (const t of recs.values()) out.push({ hookId: t.hook_id, uuid: t.uuid, delivered: t.is_delivered });
  }
  return out;
}

interface Doc<R> { rows: Record<string, R> }
const readDoc = async <R>(dataDir: string, name: string): Promise<R[]> =>
  Object.values((JSON.parse(await readFile(path.join(dataDir, 'store', `${name}.json`), 'utf8').catch(() => '{"rows":{}}')) as Doc<R>).rows);

/**
 * The all-or-nothing rules of multi-document writes, read from a stopped host's store: every repository has
 * an owner and one copy of each default hook (made before the repository); no user is left half deleted
 * (disabled, without a password, by an interrupted deletion); nothing is left in the intent journal.
 */
export async function multiDocumentProblems(dataDir: string): Promise<string[]> {
  const problems: string[] = [];
  const users = await readDoc<{ id: number; name: string; is_active: boolean; prohibit_login: boolean; passwd: string; type: string }>(dataDir, 'users');
  const repos = await readDoc<{ id: number; owner_id: number; name: string; created: string }>(dataDir, 'repositories');
  const hooks = await readDoc<{ id: number; repo_id: number; owner_id: number; is_system_webhook: boolean; url: string; created: string }>(dataDir, 'hooks');
  const ids = new Set(users.map((u) => u.id));
  for (const r of repos) if (!ids.has(r.owner_id)) problems.push(`repository ${r.name} (${r.id}) has no owner ${r.owner_id}`);
  for (const u of users) {
    if (u.type === 'individual' && !u.is_active && u.prohibit_login && u.passwd === '') problems.push(`user ${u.name} left half deleted`);
  }
  const defaults = hooks.filter((h) => h.repo_id === 0 && h.owner_id === 0 && !h.is_system_webhook);
  for (const r of repos) {
    for (const d of defaults.filter((x) => x.created < r.created)) {
      const copies = hooks.filter((h) => h.repo_id === r.id && h.url === d.url).length;
      if (copies !== 1) problems.push(`repository ${r.name} (${r.id}) has ${copies} copies of default hook ${d.id}`);
    }
  }
  return problems;
}

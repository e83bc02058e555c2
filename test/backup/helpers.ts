/** Shared pieces of the backup tests: a made-up issue record, running backups through the API or the command line, bare repositories of a data dir. */
import { spawn } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { request, type TestHost } from '../helpers/host.ts';
import type { IssueRecord } from '../../server/store/issues.ts';

/** The fields of an issue record a test does not care about. */
export function issueFields(posterId: number, title: string): Omit<IssueRecord, 'id' | 'index' | 'repo_id'> {
  const now = new Date().toISOString();
  return {
    poster_id: posterId, original_author: '', title, content: `body of ${title}`, is_closed: false, is_pull: false, is_locked: false,
    pin_order: 0, milestone_id: 0, priority: 0, label_ids: [], assignee_ids: [], mentioned_ids: [], num_comments: 0, ref: '',
    deadline: 0, created: now, updated: now, closed_at: null,
  };
}

/** Calls /api/homeforge with a token. */
export const hf = (h: TestHost, method: string, p: string, token: string, body?: unknown) => request(h.url, method, `/api/homeforge${p}`, { auth: token, body });

/** Starts a backup through the API and waits for its result (the overview's `last`). */
export async function backupThroughApi(h: TestHost, token: string, body: unknown): Promise<{ file: string; progressSeen: boolean; last: Record<string, unknown> }> {
  const started = await hf(h, 'POST', '/admin/backups', token, body);
  if (started.status !== 202) throw new Error(`backup start: ${started.status} ${started.text}`);
  let progressSeen = false;
  for (;;) {
    const o = await hf(h, 'GET', '/admin/backups', token);
    if (o.body.running) progressSeen ||= typeof o.body.running.progress.total_bytes === 'number';
    else if (o.body.last?.id === started.body.id) {
      if (!o.body.last.ok) throw new Error(`backup failed: ${o.body.last.error}`);
      return { file: path.join(o.body.folder as string, o.body.last.file as string), progressSeen, last: o.body.last };
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Every bare repository under `<dataDir>/repositories`. */
export async function bareRepos(dataDir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string, depth: number): Promise<void> => {
    if (await stat(path.join(dir, 'HEAD')).catch(() => null)) {
      out.push(dir);
      return;
    }
    if (depth > 3) return;
    for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) if (e.isDirectory()) await walk(path.join(dir, e.name), depth + 1);
  };
  await walk(path.join(dataDir, 'repositories'), 0);
  return out;
}

/** Runs the admin command line (`npm run admin -- ...`) in a child process. */
export function runCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/admin-cli.ts', ...args], { cwd: process.cwd() });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => { stdout += c.toString(); });
    child.stderr.on('data', (c: Buffer) => { stderr += c.toString(); });
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/**
 * The archive with one bit changed at or after its middle where that changes what it unpacks to. Some deflate bits
 * do not (a code length of a symbol the block never uses), and such a file is not damaged: its every entry is intact.
 */
export function damageOneByte(good: Buffer): Buffer {
  const unpacked = gunzipSync(good);
  for (let i = Math.floor(good.length / 2); i < good.length; i++) {
    const bytes = Buffer.from(good);
    bytes[i]! ^= 0x01;
    try {
      if (!gunzipSync(bytes).equals(unpacked)) return bytes;
    } catch {
      return bytes;
    }
  }
  throw new Error('no byte after the middle changes the archive');
}

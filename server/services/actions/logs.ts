/**
 * Task logs: one file per task under `<data>/actions/logs/<repo bucket>/<repo id>/<task id>.log`, one row per line
 * (`<ISO time> <text>`). Paths are built from ids only. A log stops growing at `[actions] LOG_MAX_SIZE` bytes: later
 * rows are acknowledged (so a runner does not resend them) but not kept, and one line says so.
 */
import { appendFile, mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../context.ts';

/** One log row as a runner sends it. */
export interface LogRow {
  time: Date | string;
  content: string;
}

/** A stored row with its index. */
export interface StoredLogRow {
  index: number;
  time: string;
  content: string;
}

const root = (app: AppContext): string => path.join(app.dataDir, 'actions', 'logs');

/** The file of a task's log. */
export function logPath(app: AppContext, repoId: number, taskId: number): string {
  if (!Number.isSafeInteger(repoId) || !Number.isSafeInteger(taskId) || repoId < 0 || taskId < 0) throw new Error('bad log id');
  return path.join(root(app), String(repoId % 100).padStart(2, '0'), String(repoId), `${taskId}.log`);
}

const oneLine = (s: string): string => s.replace(/\r?\n/g, ' ');
const stamp = (t: Date | string): string => {
  const d = t instanceof Date ? t : new Date(t);
  return Number.isNaN(d.getTime()) ? new Date().toISOString() : d.toISOString();
};

/** Appends rows to a task's log within the size cap; answers the bytes written and whether the cap was hit. */
export async function writeRows(app: AppContext, repoId: number, taskId: number, sizeNow: number, rows: readonly LogRow[]): Promise<{ bytes: number; capped: boolean }> {
  const max = app.settings.int('actions.LOG_MAX_SIZE');
  if (sizeNow >= max || rows.length === 0) return { bytes: 0, capped: sizeNow >= max };
  let text = '';
  let capped = false;
  for (const r of rows) {
    const line = `${stamp(r.time)} ${oneLine(r.content)}\n`;
    if (sizeNow + Buffer.byteLength(text + line) > max) {
      text += `${new Date().toISOString()} [log truncated: more than ${max} bytes]\n`;
      capped = true;
      break;
    }
    text += line;
  }
  const file = logPath(app, repoId, taskId);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await appendFile(file, text, { mode: 0o600 });
  return { bytes: capped ? max - sizeNow : Buffer.byteLength(text), capped };
}

/** Reads a task's rows from `from` (0-based), at most `limit` of them (all when 0). */
export async function readRows(app: AppContext, repoId: number, taskId: number, from = 0, limit = 0): Promise<StoredLogRow[]> {
  let text: string;
  try {
    text = await readFile(logPath(app, repoId, taskId), 'utf8');
  } catch {
    return [];
  }
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const end = limit > 0 ? from + limit : lines.length;
  return lines.slice(from, end).map((l, i) => {
    const sp = l.indexOf(' ');
    return { index: from + i, time: sp < 0 ? '' : l.slice(0, sp), content: sp < 0 ? l : l.slice(sp + 1) };
  });
}

/** A task's whole log as plain text (what the API's job log answers). */
export async function readText(app: AppContext, repoId: number, taskId: number): Promise<string> {
  try {
    return await readFile(logPath(app, repoId, taskId), 'utf8');
  } catch {
    return '';
  }
}

/** Deletes a task's log file. */
export async function removeLog(app: AppContext, repoId: number, taskId: number): Promise<void> {
  await rm(logPath(app, repoId, taskId), { force: true });
}

/** Deletes every log of a repository. */
export async function removeRepoLogs(app: AppContext, repoId: number): Promise<void> {
  await rm(path.dirname(logPath(app, repoId, 0)), { recursive: true, force: true });
}

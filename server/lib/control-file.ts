/**
 * How command-line tools reach the host running on a data dir: at start the host writes `run/control.json`
 * (its loopback address and a random token, readable by the owner only) and removes it at close. As Gitea's
 * `gitea manager` commands do with its internal token, a tool that can read the data dir may ask the host to do
 * work that must run inside it (a backup taken while pushes go on).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync, renameSync } from 'node:fs';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import path from 'node:path';

/** Where a tool asks the running host for a backup. */
export const MANAGER_BACKUP_PATH = '/api/internal/manager/backup';

export interface Control {
  url: string;
  token: string;
  pid: number;
}

const fileOf = (dataDir: string): string => path.join(dataDir, 'run', 'control.json');

/** Writes the control file for a host listening at `url`; returns it and the function that removes it. */
export function writeControl(dataDir: string, url: string): { control: Control; remove: () => void } {
  const control: Control = { url, token: randomBytes(32).toString('hex'), pid: process.pid };
  const file = fileOf(dataDir);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(`${file}.tmp`, JSON.stringify(control), { mode: 0o600 });
  renameSync(`${file}.tmp`, file);
  return { control, remove: () => rmSync(file, { force: true }) };
}

/** The control file of the host running on `dataDir`, or null when there is none (or it cannot be read). */
export function readControl(dataDir: string): Control | null {
  try {
    const c = JSON.parse(readFileSync(fileOf(dataDir), 'utf8')) as Partial<Control>;
    return typeof c.url === 'string' && typeof c.token === 'string' && typeof c.pid === 'number' ? { url: c.url, token: c.token, pid: c.pid } : null;
  } catch {
    return null;
  }
}

/** Whether an `Authorization` header carries the control token (compared in constant time). */
export function controlTokenMatches(control: Control, header: string | undefined): boolean {
  const given = /^Bearer (\S+)$/.exec(header ?? '')?.[1];
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(control.token);
  return a.length === b.length && timingSafeEqual(a, b);
}

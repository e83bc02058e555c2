/**
 * The data dir holds private repositories, password hashes, the secret key and hook payloads: only its owner may
 * read it. The host sets the process umask to 077 before it writes anything, so every file it (or a git process
 * it starts) makes is 0600 and every directory 0700, and tightens a data dir made by an older version once.
 */
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

/** Written once the data dir has been tightened, so later starts do not walk every file again. */
const MARKER = '.private';

function tighten(p: string): void {
  const st = lstatSync(p);
  if (st.isSymbolicLink()) return;
  if (st.isDirectory()) {
    if ((st.mode & 0o077) !== 0) chmodSync(p, 0o700);
    for (const name of readdirSync(p)) tighten(path.join(p, name));
  } else if ((st.mode & 0o077) !== 0) {
    chmodSync(p, st.mode & 0o700);
  }
}

/** Sets umask 077 (main thread; Windows ignores modes) and makes the data dir private, once. */
export function makeDataDirPrivate(dataDir: string): void {
  if (process.platform === 'win32') return;
  if (isMainThread) process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (existsSync(path.join(dataDir, MARKER)) && (lstatSync(dataDir).mode & 0o077) === 0) return;
  tighten(dataDir);
  writeFileSync(path.join(dataDir, MARKER), 'file modes tightened to owner-only\n', { mode: 0o600 });
}

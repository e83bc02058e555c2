/** One host per data dir: a pid file taken at start, released at close. A lock left by a killed process is taken over. */
import { openSync, writeSync, closeSync, readFileSync, unlinkSync, mkdirSync } from 'node:fs';
import path from 'node:path';

/** Locks held by hosts of this process (several hosts may run in one test process on different dirs). */
const heldHere = new Set<string>();

export class DataDirLockedError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock of `dataDir`; returns the function that releases it. */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'homeforge.pid');
  const key = path.resolve(file);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldHere.add(key);
      return () => {
        heldHere.delete(key);
        try { unlinkSync(file); } catch { /* already gone */ }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
      const ours = pid === process.pid && heldHere.has(key);
      if (ours || (Number.isFinite(pid) && pid !== process.pid && alive(pid))) {
        throw new DataDirLockedError(
          `another Homeforge host (pid ${pid}) is already using the data dir ${path.resolve(dataDir)}; stop it first or choose another --data`,
        );
      }
      unlinkSync(file); // left by a process that is gone
    }
  }
  throw new DataDirLockedError(`could not lock the data dir ${path.resolve(dataDir)}`);
}

/** An AppContext for command-line tools: takes the data dir lock, so the CLI never writes beside a running host. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { lockDataDir } from '../lib/data-lock.ts';
import { loadSettings } from '../lib/settings.ts';
import { SecretBox } from '../lib/crypto.ts';
import { createLogger } from '../lib/log.ts';
import { openStore, flushStore } from '../store/index.ts';
import { LoginLimiter } from '../services/auth/login-limiter.ts';
import { EventSink } from '../services/events/bus.ts';
import { DomainBus } from '../services/events/domain.ts';
import { KeyedMutex } from '../lib/keyed-mutex.ts';
import { BackupJobs } from '../services/backup/jobs.ts';
import { PointGate } from '../lib/point-gate.ts';
import { subscribeFeatures } from '../services/subscribers.ts';
import type { AppContext } from '../services/context.ts';

/** Opens the data dir for a CLI command; call the returned close() when done. */
export async function openForCli(dataDir: string): Promise<{ app: AppContext; close: () => Promise<void> }> {
  const dir = path.resolve(dataDir);
  // Never create a data dir silently: a mistyped or missing --data would otherwise start an empty host's data.
  if (!existsSync(dir)) process.stderr.write(`note: ${dir} does not exist yet; creating a new data dir there (--data DIR chooses another)\n`);
  const settings = loadSettings(dir);
  const unlock = lockDataDir(dir);
  try {
    const store = await openStore(dir);
    const app: AppContext = {
      dataDir: dir, store, settings, secrets: SecretBox.forDataDir(dir), log: createLogger('Warn'),
      loginLimiter: new LoginLimiter(10, 60_000), events: new EventSink(), bus: new DomainBus(), locks: new KeyedMutex(), point: new PointGate(path.join(dir, 'run')), backups: new BackupJobs(),
    };
    // A command that deletes a repository still stores its hook tasks (delivered at the next start) and drops its mirrors.
    subscribeFeatures(app);
    return { app, close: async () => { await flushStore(store); unlock(); } };
  } catch (err) {
    unlock();
    throw err;
  }
}

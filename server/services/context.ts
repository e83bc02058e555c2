/** What every service call gets: the host's store, settings and helpers. One per host, never a module global. */
import type { Control } from '../lib/control-file.ts';
import type { Store } from '../store/index.ts';
import type { Settings } from '../lib/settings.ts';
import type { SecretBox } from '../lib/crypto.ts';
import type { Logger } from '../lib/log.ts';
import type { LoginLimiter } from './auth/login-limiter.ts';
import type { EventSink } from './events/bus.ts';
import type { DomainBus } from './events/domain.ts';
import type { KeyedMutex } from '../lib/keyed-mutex.ts';
import type { WorkerHandle } from '../worker/spawn.ts';
import type { PointGate } from '../lib/point-gate.ts';
import type { BackupJobs } from './backup/jobs.ts';

export interface AppContext {
  readonly dataDir: string;
  readonly store: Store;
  /** Replaced as a whole when an admin changes a setting at run time. */
  settings: Settings;
  readonly secrets: SecretBox;
  readonly log: Logger;
  readonly loginLimiter: LoginLimiter;
  /** Gitea's hook events (push, create, repository, ...), produced by the webhook subscriber; listeners persist them. */
  readonly events: EventSink;
  /** The domain-event bus: features subscribe here instead of being called by the code that changes state. */
  readonly bus: DomainBus;
  /** The host's named locks (one repository's records, one owner's repository names, one mirror's sync). */
  readonly locks: KeyedMutex<string>;
  /** Ref writers hold a lease here; a backup's snapshot point waits for them and holds new ones briefly. */
  readonly point: PointGate;
  /** The backup running now (one at a time) and its progress. */
  readonly backups: BackupJobs;
  /** The worker thread, for jobs with results (mirror syncs, migrations); absent in command-line contexts. */
  readonly worker?: WorkerHandle;
  /** Keys fixed at start by HOMEFORGE__ variables or host options: the settings page says they win at the next start. */
  readonly fixedSettings?: ReadonlySet<string>;
  /** The LAN listeners, set by the host once it listens: applies `[server] LAN_ACCESS` now, says what listens. */
  lan?: LanControl;
  /** The floor under `[mirror] MIN_INTERVAL` (Gitea's one minute); tests lower it to run schedules in seconds. */
  readonly mirrorIntervalFloor?: number;
  /** The running host's control file (address and token for command-line tools); absent in the CLI's own context. */
  control?: Control;
}

/** What services may ask of the host's LAN listeners. */
export interface LanControl {
  /** Opens or closes the LAN listeners for the current setting; answers the addresses that could not be opened. */
  apply(): Promise<{ address: string; error: string }[]>;
  /** Clone URL prefixes on LAN addresses that are listening now, the preferred one first. */
  urls(): string[];
}

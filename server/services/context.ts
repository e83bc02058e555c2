/** What every service call gets: the host's store, settings and helpers. One per host, never a module global. */
import type { Store } from '../store/index.ts';
import type { Settings } from '../lib/settings.ts';
import type { SecretBox } from '../lib/crypto.ts';
import type { Logger } from '../lib/log.ts';
import type { LoginLimiter } from './auth/login-limiter.ts';
import type { EventSink } from './events.ts';

export interface AppContext {
  readonly dataDir: string;
  readonly store: Store;
  /** Replaced as a whole when an admin changes a setting at run time. */
  settings: Settings;
  readonly secrets: SecretBox;
  readonly log: Logger;
  readonly loginLimiter: LoginLimiter;
  /** The one emitting point for webhook events. */
  readonly events: EventSink;
  /** Keys fixed at start by HOMEFORGE__ variables or host options: the settings page says they win at the next start. */
  readonly fixedSettings?: ReadonlySet<string>;
}

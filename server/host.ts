/**
 * createHost: the whole Homeforge host in this process, for `npm start`, Electron and tests.
 * Steps in order; a failure undoes the steps already done.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { lockDataDir } from './lib/data-lock.ts';
import { writeControl } from './lib/control-file.ts';
import { makeDataDirPrivate } from './lib/data-perms.ts';
import { firstRunCode, needsAdmin } from './services/auth/sessions.ts';
import { loadSettings, type Settings } from './lib/settings.ts';
import { SecretBox } from './lib/crypto.ts';
import { createLogger, type Logger, type LogLevel } from './lib/log.ts';
import { openStore, flushStore } from './store/index.ts';
import { LoginLimiter } from './services/auth/login-limiter.ts';
import type { AppContext } from './services/context.ts';
import { ensureFirstAdmin } from './services/user/first-admin.ts';
import { startNegotiate } from './services/auth/negotiate.ts';
import { fixedSettingKeys } from './services/settings/host-settings.ts';
import { recoverRepositories } from './services/repository/recovery.ts';
import { installAllHooks } from './services/repository/pre-receive.ts';
import { recoverIntents } from './services/intents.ts';
import { EventSink } from './services/events/bus.ts';
import { DomainBus } from './services/events/domain.ts';
import { KeyedMutex } from './lib/keyed-mutex.ts';
import { BackupJobs } from './services/backup/jobs.ts';
import { PointGate } from './lib/point-gate.ts';
import { subscribeFeatures } from './services/subscribers.ts';
import { closeRepoReaders, releaseRepoCaches } from './services/repository/cache.ts';
import { notificationsIdle } from './services/notification/queue.ts';
import { feedsIdle } from './services/feed/record.ts';
import { releaseWhenIdle } from './lib/idle-trim.ts';
import { settleDeferredRecords } from './services/repository/deferred-records.ts';
import { startWorker, type WorkerHandle } from './worker/spawn.ts';
import { startWebhooks, type WebhookRuntime } from './services/webhook/index.ts';
import { startMirrors } from './services/mirror/index.ts';
import { warnLowMirrorInterval } from './services/mirror/timing.ts';
import { startActionsSchedule } from './services/actions/index.ts';
import { BackupScheduler } from './services/backup/index.ts';
import { startHousekeeping } from './services/housekeeping/index.ts';
import { createApp } from './http/app.ts';
import { webServerOptions } from './http/web-server.ts';
import { setListeningUrl } from './services/repository/payloads.ts';
import { createLanAccess, type LanAccess } from './lan/index.ts';
import { setPasswordHasher } from './lib/crypto.ts';
import { helperScrypt } from './git/spawner.ts';
import { startBuiltinRunner } from './services/actions/builtin-runner.ts';

export interface HostOptions {
  /** Data directory; created when missing. */
  dataDir: string;
  /** Port to listen on; 0 picks a free one. Default: `[server] HTTP_PORT` (3000). */
  port?: number;
  /** Address to listen on. Default: `[server] HTTP_ADDR` (127.0.0.1): loopback unless told otherwise. */
  host?: string;
  /** Environment for HOMEFORGE__* overrides and the first admin; default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Settings given as `section.KEY` → value, applied over app.ini and the environment. */
  settings?: Record<string, string>;
  logger?: Logger;
  /** Tests only: the floor under `[mirror] MIN_INTERVAL` in milliseconds (Gitea's, one minute, by default). */
  mirrorIntervalFloorMs?: number;
}

export interface Host {
  /** e.g. http://127.0.0.1:3000 */
  url: string;
  port: number;
  app: AppContext;
  worker: WorkerHandle;
  /** Webhook delivery: the start-up refill and a refill on demand. */
  webhooks: WebhookRuntime;
  /** LAN listeners and mDNS advertisement, following `[server] LAN_ACCESS`. */
  lan: LanAccess;
  /** Stops accepting connections, lets in-flight requests finish, stops the worker, flushes the store. */
  close(): Promise<void>;
}

function limiterFor(settings: Settings): LoginLimiter {
  return new LoginLimiter(settings.int('security.LOGIN_MAX_FAILURES'), settings.duration('security.LOGIN_FAILURE_WINDOW'));
}

/** Starts a host on the data dir. Throws when the dir is locked by another host or a setting is invalid. */
export async function createHost(options: HostOptions): Promise<Host> {
  const dataDir = path.resolve(options.dataDir);
  const env = options.env ?? process.env;
  // 1 - settings first: an invalid value must stop the start before anything is touched
  const settings = loadSettings(dataDir, env, options.settings);
  // Password hashes are computed in the git spawner's process (its malloc arenas keep scrypt's memory, not the host's)
  setPasswordHasher(helperScrypt);
  // 1b - the data dir is the owner's alone (umask 077, older dirs tightened once)
  makeDataDirPrivate(dataDir);
  // 2 - one host per data dir
  const unlock = lockDataDir(dataDir);
  const undo: (() => Promise<void> | void)[] = [unlock];
  try {
    const log = options.logger ?? createLogger(settings.string('log.LEVEL') as LogLevel);
    // 3 - the store (migrations run here) and the secret key
    const store = await openStore(dataDir);
    undo.unshift(() => flushStore(store));
    // 3b - the worker thread (it starts on first use)
    const worker = startWorker();
    undo.unshift(() => worker.stop());
    const app: AppContext = {
      dataDir, store, settings, secrets: SecretBox.forDataDir(dataDir), log, loginLimiter: limiterFor(settings), events: new EventSink(),
      bus: new DomainBus(), locks: new KeyedMutex(), point: new PointGate(path.join(dataDir, 'run')), backups: new BackupJobs(), worker, fixedSettings: fixedSettingKeys(env, options.settings),
      mirrorIntervalFloor: options.mirrorIntervalFloorMs,
    };
    warnLowMirrorInterval(app);
    // 3c - the features that hear domain events: webhooks, watches, mirror records
    subscribeFeatures(app);
    // 4 - the first administrator from the environment, when there is no user yet
    await ensureFirstAdmin(app, env);
    // 4' - Negotiate (SSPI) sign-in: the kerberos binding loads when a source is on; without it the host still
    //      starts and logs that the method is unavailable. HOMEFORGE_KERBEROS_MODULE names another module to load.
    const kerberosModule = env.HOMEFORGE_KERBEROS_MODULE;
    await startNegotiate(app, kerberosModule ? () => import(kerberosModule) : undefined);
    if (await needsAdmin(app)) {
      log.info(`first run: create the administrator on this machine, or from another one with the code ${firstRunCode(app)}`);
    }
    // 4a - multi-document writes a killed host left half-done are replayed or rolled back (journal), then
    //      repository records left half-made are finished or removed
    await recoverIntents(app);
    await recoverRepositories(app);
    // 4a' - every repository gets the current pre-receive hook (older ones are replaced)
    await installAllHooks(app);
    // 4b - git object readers start on demand; they close with the host
    undo.unshift(() => closeRepoReaders(app));
    //      what a busy spell cached (git reads, parsed log partitions) is forgotten when the process goes idle
    undo.unshift(releaseWhenIdle(() => {
      releaseRepoCaches(app);
      store.engine.dropCaches();
    }));
    // 4c - branch records written after an API ref write answered reach the disk before the host closes
    undo.unshift(() => settleDeferredRecords(app));
    //     notification threads and watchers' feed rows of events already answered are written before the store closes
    undo.unshift(() => notificationsIdle(app));
    undo.unshift(() => feedsIdle(app));
    // 5 - webhooks: the event listener, delivery through the worker, the refill of undelivered tasks
    const webhooks = startWebhooks(app, worker);
    undo.unshift(() => webhooks.stop());
    // 5b - mirrors: the schedule, and syncs and pushes through the worker
    let listeningUrl = '';
    const mirrors = startMirrors(app, worker, () => listeningUrl);
    undo.unshift(() => mirrors.stop());
    // 5c - scheduled backups (sleep-aware: due from the stored last run); a running backup finishes before close
    const backups = new BackupScheduler(app);
    backups.start();
    undo.unshift(() => backups.stop());
    // 5c - housekeeping: upkeep after pushes, the git_gc_repos and repo_health_check schedules
    const housekeeping = await startHousekeeping(app);
    undo.unshift(() => housekeeping.stop());
    // 5d - action schedules: due plans make runs (sleep-aware: due from the stored next time)
    const actionSchedule = startActionsSchedule(app);
    undo.unshift(() => actionSchedule.stop());
    // 6 - listen
    // A dynamic import gives the API's route modules bundle chunks of their own: the earlier layout of the chunks
    // read at start left 6 MB more on the malloc heap (glibc's dynamic mmap threshold; measured in its commit).
    const { API_V1_ROUTES } = await import('./api/v1/index.ts');
    const web = createApp(app, API_V1_ROUTES);
    const serverOptions = webServerOptions(web);
    const server = http.createServer(serverOptions, web);
    server.keepAliveTimeout = 5_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? settings.int('server.HTTP_PORT'), options.host ?? settings.string('server.HTTP_ADDR'), () => {
        server.off('error', reject);
        resolve();
      });
    });
    const addr = server.address() as AddressInfo;
    const shownHost = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
    listeningUrl = `http://${shownHost === '0.0.0.0' ? '127.0.0.1' : shownHost}:${addr.port}`;
    setListeningUrl(app, listeningUrl);
    // 6a - the built-in runner (a child process, off until the owner turns it on) talks to this URL
    const builtinRunner = startBuiltinRunner(app, listeningUrl);
    undo.unshift(() => builtinRunner.stop());
    // 6b - the control file: command-line tools on this machine reach the running host through it
    const controlFile = writeControl(dataDir, listeningUrl);
    app.control = controlFile.control;
    undo.unshift(controlFile.remove);
    // 7 - LAN listeners and advertisement, when `[server] LAN_ACCESS` is on
    const lan = createLanAccess({ app, handler: web, serverOptions, port: addr.port, boundTo: addr.address });
    await lan.sync();
    app.lan = { apply: () => lan.apply(), urls: () => lan.status().urls };
    let closing: Promise<void> | null = null;
    return {
      url: `http://${shownHost === '0.0.0.0' ? '127.0.0.1' : shownHost}:${addr.port}`,
      port: addr.port,
      app,
      worker,
      webhooks,
      lan,
      close: () => {
        closing ??= (async () => {
          // the built-in runner first: its long polls would otherwise hold the server open
          await builtinRunner.stop();
          const lanClosed = lan.close();
          const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
          server.closeIdleConnections();
          // In-flight requests get a grace period, then their connections are cut.
          const cut = setTimeout(() => server.closeAllConnections(), 10_000);
          await Promise.all([stopped, lanClosed]);
          clearTimeout(cut);
          for (const step of undo) await step();
        })();
        return closing;
      },
    };
  } catch (err) {
    for (const step of undo) await step();
    throw err;
  }
}

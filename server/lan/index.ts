/**
 * LAN access: with `[server] LAN_ACCESS` on, the host also listens on this machine's LAN addresses and
 * announces itself with mDNS; off, it listens on loopback only and says goodbye. The setting is read again
 * on every refresh, so a change made at run time (tray, admin) takes effect without a restart.
 */
import type http from 'node:http';
import os from 'node:os';
import type { AppContext } from '../services/context.ts';
import { KeyedMutex } from '../lib/keyed-mutex.ts';
import { lanAddresses, isWildcard, preferredLanAddress, urlFor, type LanAddress } from '../lib/lan-addresses.ts';
import { ListenerSet } from './listeners.ts';
import { Advertiser, realBonjour, type BonjourFactory } from './advertise.ts';

export interface LanOptions {
  app: AppContext;
  /** The same request handler the loopback listener serves. */
  handler: http.RequestListener;
  /** The loopback listener's server options (see http/web-server.ts). */
  serverOptions?: http.ServerOptions;
  port: number;
  /** The address the main listener is bound to; a wildcard already covers the LAN. */
  boundTo: string;
  interfaces?: () => NodeJS.Dict<os.NetworkInterfaceInfo[]>;
  bonjour?: BonjourFactory;
  /** How often interfaces and the setting are checked again. Default 10 s. */
  refreshMs?: number;
  /** The advertised instance name. Default `Homeforge on <hostname>:<port>`. */
  name?: string;
}

export interface LanStatus {
  enabled: boolean;
  port: number;
  /** Clone URL prefixes on the LAN, e.g. `http://192.168.1.20:3000/`; the preferred one first. */
  urls: string[];
  advertised: boolean;
}

export interface LanAccess {
  status(): LanStatus;
  /** The preferred LAN clone URL prefix, or null when LAN access is off or there is no LAN. */
  url(): string | null;
  /** Turns LAN access on or off for this run (changes the `[server] LAN_ACCESS` value held in memory). */
  set(on: boolean): Promise<void>;
  /** Applies the setting and the current interfaces now. Never throws; problems are logged. */
  sync(): Promise<void>;
  /** Applies the setting now and answers the LAN addresses that could not be listened on, with the reason. */
  apply(): Promise<{ address: string; error: string }[]>;
  /** Stops listening and advertising for good. */
  close(): Promise<void>;
}

/** Creates the LAN controller of one host; call sync() once to apply the setting at start. */
export function createLanAccess(opts: LanOptions): LanAccess {
  const { app, port, boundTo } = opts;
  const interfaces = opts.interfaces ?? (() => os.networkInterfaces());
  const name = opts.name ?? `Homeforge on ${os.hostname()}:${port}`;
  const listeners = new ListenerSet(opts.handler, port, app.log, opts.serverOptions);
  const advertiser = new Advertiser(opts.bonjour ?? realBonjour, app.log);
  let reachable: LanAddress[] = [];
  let announcedFor = '';
  let closed = false;

  const apply = async (): Promise<{ address: string; error: string }[]> => {
    const on = !closed && app.settings.bool('server.LAN_ACCESS');
    const addrs = on ? lanAddresses(interfaces()) : [];
    const wanted = isWildcard(boundTo) ? [] : addrs.map((a) => a.bindAddress).filter((a) => a !== boundTo);
    const failed = await listeners.sync(wanted);
    const open = new Set([...listeners.addresses(), boundTo]);
    reachable = addrs.filter((a) => isWildcard(boundTo) || open.has(a.bindAddress));
    const key = reachable.map((a) => a.bindAddress).join(',');
    if (reachable.length === 0) {
      await advertiser.stop();
    } else if (!advertiser.active || key !== announcedFor) {
      await advertiser.start(name, port);
    }
    announcedFor = advertiser.active ? key : '';
    return failed;
  };
  // One update at a time: the timer and a settings change may ask together.
  const lock = new KeyedMutex<'lan'>();
  const sync = (): Promise<void> =>
    lock.run('lan', apply).then(() => undefined, (err: unknown) => app.log.warn('LAN access update failed', { error: String(err) }));
  const timer = setInterval(() => { void sync(); }, opts.refreshMs ?? 10_000);
  timer.unref();

  const urls = (): string[] => {
    const first = preferredLanAddress(reachable);
    const rest = reachable.filter((a) => a !== first && !a.linkLocal);
    return (first ? [first, ...rest] : rest).map((a) => urlFor(a.address, port));
  };
  return {
    status: () => ({ enabled: !closed && app.settings.bool('server.LAN_ACCESS'), port, urls: urls(), advertised: advertiser.active }),
    url: () => urls()[0] ?? null,
    set: (on) => {
      app.settings = app.settings.with({ 'server.LAN_ACCESS': on ? 'true' : 'false' });
      return sync();
    },
    sync,
    apply: () => lock.run('lan', apply),
    close: async () => {
      closed = true;
      clearInterval(timer);
      await sync();
      await listeners.close();
    },
  };
}

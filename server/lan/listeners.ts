/**
 * Extra listeners, one per LAN address, beside the loopback one. One wildcard listener would cover them all,
 * but Linux refuses `0.0.0.0:<port>` while `127.0.0.1:<port>` listens, and closing loopback to rebind would
 * drop the owner's own connections; per-address listeners leave loopback untouched.
 */
import http from 'node:http';
import type { Logger } from '../lib/log.ts';

/** How long in-flight requests on a listener being closed may run before their connections are cut. */
const GRACE_MS = 10_000;

export class ListenerSet {
  private readonly servers = new Map<string, http.Server>();
  /** Listeners closed but with requests still in flight. */
  private readonly draining = new Set<Promise<void>>();

  constructor(
    private readonly handler: http.RequestListener,
    private readonly port: number,
    private readonly log: Logger,
    private readonly serverOptions: http.ServerOptions = {},
  ) {}

  /** The bind addresses listening now. */
  addresses(): string[] {
    return [...this.servers.keys()].sort();
  }

  /**
   * Listens on each wanted address not yet listened on and stops listening on the others (their in-flight
   * requests finish afterwards, within the grace period); resolves once every listening socket is open or
   * closed. A failing address is logged, left out and returned with its error.
   */
  async sync(wanted: string[]): Promise<{ address: string; error: string }[]> {
    const want = new Set(wanted);
    for (const a of [...this.servers.keys()].filter((x) => !want.has(x))) void this.closeOne(a);
    const fresh = wanted.filter((a) => !this.servers.has(a));
    const failed = await Promise.all(fresh.map((a) => this.openOne(a)));
    return failed.filter((f): f is { address: string; error: string } => f !== null);
  }

  /** Closes every listener, letting in-flight requests finish within the grace period. */
  async close(): Promise<void> {
    for (const a of [...this.servers.keys()]) void this.closeOne(a);
    await Promise.all([...this.draining]);
  }

  private async openOne(address: string): Promise<{ address: string; error: string } | null> {
    const server = http.createServer(this.serverOptions, this.handler);
    server.keepAliveTimeout = 5_000;
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(this.port, address, () => {
          server.off('error', reject);
          resolve();
        });
      });
      server.on('error', (err) => this.log.warn('LAN listener error', { address, error: String(err) }));
      this.servers.set(address, server);
      this.log.info('listening on the LAN', { address, port: this.port });
      return null;
    } catch (err) {
      this.log.warn('cannot listen on a LAN address', { address, port: this.port, error: String(err) });
      const code = (err as NodeJS.ErrnoException).code;
      return { address, error: code === 'EADDRINUSE' ? 'the port is in use by another program' : code === 'EADDRNOTAVAIL' ? 'the address is not available' : String(err) };
    }
  }

  /** Stops accepting at once (the listening socket closes now); resolves when in-flight requests are done or cut. */
  private closeOne(address: string): Promise<void> {
    const server = this.servers.get(address);
    if (!server) return Promise.resolve();
    this.servers.delete(address);
    const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const cut = setTimeout(() => server.closeAllConnections(), GRACE_MS);
    cut.unref();
    this.log.info('stopped listening on the LAN', { address });
    const done = stopped.finally(() => {
      clearTimeout(cut);
      this.draining.delete(done);
    });
    this.draining.add(done);
    return done;
  }
}

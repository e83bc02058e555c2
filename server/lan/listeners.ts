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

  constructor(
    private readonly handler: http.RequestListener,
    private readonly port: number,
    private readonly log: Logger,
  ) {}

  /** The bind addresses listening now. */
  addresses(): string[] {
    return [...this.servers.keys()].sort();
  }

  /** Listens on each wanted address not yet listened on and closes the others; a failing address is logged and left out. */
  async sync(wanted: string[]): Promise<void> {
    const want = new Set(wanted);
    const gone = [...this.servers.keys()].filter((a) => !want.has(a));
    await Promise.all(gone.map((a) => this.closeOne(a)));
    const fresh = wanted.filter((a) => !this.servers.has(a));
    await Promise.all(fresh.map((a) => this.openOne(a)));
  }

  /** Closes every listener, letting in-flight requests finish within the grace period. */
  async close(): Promise<void> {
    await this.sync([]);
  }

  private async openOne(address: string): Promise<void> {
    const server = http.createServer(this.handler);
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
    } catch (err) {
      this.log.warn('cannot listen on a LAN address', { address, port: this.port, error: String(err) });
    }
  }

  private async closeOne(address: string): Promise<void> {
    const server = this.servers.get(address);
    if (!server) return;
    this.servers.delete(address);
    const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const cut = setTimeout(() => server.closeAllConnections(), GRACE_MS);
    await stopped;
    clearTimeout(cut);
    this.log.info('stopped listening on the LAN', { address });
  }
}

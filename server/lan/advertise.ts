/** Announces the host on the local network with mDNS / DNS-SD as `_homeforge._tcp` and `_http._tcp`. */
import type { ServiceConfig } from 'bonjour-service';
import { HOMEFORGE_VERSION } from '../lib/version.ts';
import type { Logger } from '../lib/log.ts';

/** The part of bonjour-service this module uses, so tests can pass a stand-in. */
export interface BonjourLike {
  publish(config: ServiceConfig): unknown;
  unpublishAll(callback?: CallableFunction): void;
  destroy(callback?: CallableFunction): void;
}

export type BonjourFactory = (onError: (err: unknown) => void) => BonjourLike | Promise<BonjourLike>;

/** The real responder: one multicast socket per advertisement. Loaded on first use: most hosts never go on the LAN. */
export const realBonjour: BonjourFactory = async (onError) => {
  const { Bonjour } = await import('bonjour-service');
  return new Bonjour({}, onError);
};

/** The two service records of one host. */
export function serviceConfigs(name: string, port: number): ServiceConfig[] {
  return [
    { name, type: 'homeforge', protocol: 'tcp', port, txt: { version: HOMEFORGE_VERSION, api: '/api/v1', path: '/' } },
    { name, type: 'http', protocol: 'tcp', port, txt: { path: '/' } },
  ];
}

export class Advertiser {
  private responder: BonjourLike | null = null;

  constructor(
    private readonly factory: BonjourFactory,
    private readonly log: Logger,
  ) {}

  get active(): boolean {
    return this.responder !== null;
  }

  /** Starts announcing (again, when already on: the records then carry the current addresses). */
  async start(name: string, port: number): Promise<void> {
    await this.stop();
    try {
      const responder = await this.factory((err) => this.log.warn('mDNS responder error', { error: String(err) }));
      for (const config of serviceConfigs(name, port)) responder.publish(config);
      this.responder = responder;
      this.log.info('advertising on the LAN with mDNS', { name, port });
    } catch (err) {
      this.log.warn('cannot advertise on the LAN', { error: String(err) });
    }
  }

  /** Sends the goodbye records and closes the responder's socket. */
  async stop(): Promise<void> {
    const responder = this.responder;
    if (!responder) return;
    this.responder = null;
    await new Promise<void>((resolve) => {
      // Goodbye packets go out before the socket closes; a silent network must not hold shutdown.
      const timer = setTimeout(resolve, 2_000);
      responder.unpublishAll(() => { clearTimeout(timer); resolve(); });
    });
    await new Promise<void>((resolve) => responder.destroy(() => resolve()));
    this.log.info('stopped advertising on the LAN');
  }
}

/** The addresses this machine has on its local networks, and which one to show in a clone URL. */
import os from 'node:os';
import ipaddr from 'ipaddr.js';

export interface LanAddress {
  /** As reported by the system, e.g. `192.168.1.20` or `fe80::1`. */
  address: string;
  family: 'IPv4' | 'IPv6';
  /** The interface name, e.g. `eth0`. */
  iface: string;
  /** What to pass to `listen()`: link-local IPv6 needs its zone (`fe80::1%eth0`). */
  bindAddress: string;
  linkLocal: boolean;
}

type Interfaces = NodeJS.Dict<os.NetworkInterfaceInfo[]>;

/** Every non-loopback address of this machine, in a stable order. */
export function lanAddresses(interfaces: Interfaces = os.networkInterfaces(), platform = process.platform): LanAddress[] {
  const out: LanAddress[] = [];
  for (const [iface, infos] of Object.entries(interfaces)) {
    for (const info of infos ?? []) {
      if (info.internal || !ipaddr.isValid(info.address)) continue;
      const range = ipaddr.parse(info.address).range();
      if (range === 'loopback' || range === 'unspecified') continue;
      const linkLocal = range === 'linkLocal';
      const zone = platform === 'win32' ? String(info.scopeid ?? 0) : iface;
      const bindAddress = info.family === 'IPv6' && linkLocal ? `${info.address}%${zone}` : info.address;
      out.push({ address: info.address, family: info.family, iface, bindAddress, linkLocal });
    }
  }
  return out.sort((a, b) => a.bindAddress.localeCompare(b.bindAddress));
}

/** The address to put in a LAN clone URL: a private IPv4 first, then any IPv4, then a routable IPv6. */
export function preferredLanAddress(addresses: LanAddress[]): LanAddress | undefined {
  const rank = (a: LanAddress): number => {
    if (a.family === 'IPv4') return ipaddr.parse(a.address).range() === 'private' ? 0 : a.linkLocal ? 2 : 1;
    return a.linkLocal ? 9 : 3;
  };
  const usable = addresses.filter((a) => rank(a) < 9);
  return usable.sort((a, b) => rank(a) - rank(b))[0];
}

/** `http://<address>:<port>/`, with IPv6 in brackets. */
export function urlFor(address: string, port: number): string {
  return `http://${address.includes(':') ? `[${address}]` : address}:${port}/`;
}

/** Whether an address given to `listen()` already covers every interface. */
export function isWildcard(address: string): boolean {
  return address === '0.0.0.0' || address === '::' || address === '';
}

/** The scheme, host and port the client used to reach us, so every URL we hand out works for that client. */
import type { Request } from 'express';

const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i;

/** `http://<Host header>` when the header is a plain host[:port]; otherwise the address the socket was reached on. */
export function baseUrlOf(req: Request): string {
  const host = req.headers.host ?? '';
  if (HOST_HEADER.test(host)) return `http://${host.toLowerCase()}`;
  const local = req.socket.localAddress ?? '127.0.0.1';
  const addr = local.includes(':') && !local.startsWith('::ffff:') ? `[${local}]` : local.replace(/^::ffff:/, '');
  return `http://${addr}:${req.socket.localPort ?? 80}`;
}

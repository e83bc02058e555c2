/** A real HTTP receiver on loopback that records every webhook request it gets. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url: string;
  got: Received[];
  /** Milliseconds to wait before answering; changeable at run time. */
  delayMs: number;
  status: number;
  /** While true, requests are recorded but not answered until `release()`. */
  hold: boolean;
  /** Requests answered so far. */
  answered: number;
  /** Answers every held request and stops holding. */
  release(): void;
  /** Resolves when at least `n` requests have arrived (rejects after `timeoutMs`). */
  waitFor(n: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Starts a receiver on 127.0.0.1 with a free port. */
export async function startReceiver(opts: { delayMs?: number; status?: number; hold?: boolean } = {}): Promise<Receiver> {
  const got: Received[] = [];
  const waiters: (() => void)[] = [];
  const held: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      for (const w of waiters.splice(0)) w();
      const answer = (): void => { res.writeHead(r.status, { 'Content-Type': 'text/plain' }).end('ok', () => { r.answered++; }); };
      if (r.hold) held.push(answer);
      else setTimeout(answer, r.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const r: Receiver = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    got,
    delayMs: opts.delayMs ?? 0,
    status: opts.status ?? 200,
    hold: opts.hold ?? false,
    answered: 0,
    release: () => {
      r.hold = false;
      for (const answer of held.splice(0)) answer();
    },
    waitFor: async (n, timeoutMs = 10_000) => {
      const end = Date.now() + timeoutMs;
      while (got.length < n) {
        if (Date.now() > end) throw new Error(`receiver got ${got.length} of ${n} requests`);
        await new Promise<void>((resolve) => { waiters.push(resolve); setTimeout(resolve, 100); });
      }
    },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
  return r;
}

/** Polls `check` until it returns a value other than undefined/false. */
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

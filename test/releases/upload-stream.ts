/** Streams a generated file of any size to a host (multipart as Gitea's clients send it, or raw), hashing what was sent. */
import http from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

const CHUNK = 1024 * 1024;

/** A readable of `size` pseudo-random bytes in 1 MiB chunks (each chunk different), and the sha256 of all of it once read. */
export function generated(size: number): { stream: Readable; digest: () => string } {
  const base = randomBytes(CHUNK);
  const hash = createHash('sha256');
  let sent = 0;
  let n = 0;
  const stream = new Readable({
    read() {
      if (sent >= size) {
        this.push(null);
        return;
      }
      const len = Math.min(CHUNK, size - sent);
      const chunk = Buffer.from(base.subarray(0, len));
      chunk.writeUInt32BE(n++, 0);
      hash.update(chunk);
      sent += len;
      this.push(chunk);
    },
  });
  return { stream, digest: () => hash.digest('hex') };
}

/** POSTs `file` to `url` as multipart (`attachment` part, like tea and gitea-js) or as the raw body; resolves with status and JSON. */
export function postStream(url: string, token: string, file: Readable, size: number, o: { multipart: boolean; filename?: string }): Promise<{ status: number; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON answer
  const boundary = `----homeforge${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="attachment"; filename="${o.filename ?? 'file.bin'}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = o.multipart ? head.length + size + tail.length : size;
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: {
        Authorization: `token ${token}`, 'Content-Length': String(length),
        'Content-Type': o.multipart ? `multipart/form-data; boundary=${boundary}` : 'application/octet-stream',
      },
    }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => {
        const text = Buffer.concat(parts).toString();
        let body: unknown;
        try { body = JSON.parse(text); } catch { body = text; }
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', reject);
    if (o.multipart) req.write(head);
    file.on('end', () => req.end(o.multipart ? tail : undefined));
    file.pipe(req, { end: false });
  });
}

/** Samples this process's memory (heap plus buffers) every 10 ms; `stop` answers the largest growth over the start. */
export function memoryWatch(): { stop: () => number } {
  const now = () => { const m = process.memoryUsage(); return m.heapUsed + m.arrayBuffers; };
  const start = now();
  let peak = start;
  const timer = setInterval(() => { peak = Math.max(peak, now()); }, 10);
  return { stop: () => { clearInterval(timer); peak = Math.max(peak, now()); return peak - start; } };
}

/**
 * Packages: generic upload and download throughput of one large file through a host process, with the host's
 * resident memory before and at its peak during each (the file is streamed both ways, never held whole), and the
 * latency of the npm package metadata document for a package with many versions.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { adminToken, rssOf, rssSampler, startHostProcess } from './lib/proc.ts';
import { fmt, mb, median, percentile } from './lib/stats.ts';
import type { AreaResult, BenchOptions } from './report.ts';

const CHUNK = 1024 * 1024;

/** A stream of `bytes` pseudo-random bytes, made chunk by chunk (the client holds one chunk at a time). */
function body(bytes: number, hash: ReturnType<typeof createHash>): ReadableStream<Uint8Array> {
  const block = randomBytes(CHUNK);
  let sent = 0;
  return new ReadableStream({
    pull(c) {
      if (sent >= bytes) return c.close();
      const n = Math.min(CHUNK, bytes - sent);
      // Each chunk differs (its first bytes carry the offset), so nothing repeats within the file.
      const chunk = Buffer.from(block.subarray(0, n));
      chunk.writeUInt32BE(sent / CHUNK, 0);
      hash.update(chunk);
      sent += n;
      c.enqueue(chunk);
    },
  });
}

/** The publish document of one npm version with a small tarball. */
function npmDoc(name: string, version: string): string {
  const data = randomBytes(2048);
  const integrity = `sha512-${createHash('sha512').update(data).digest('base64')}`;
  return JSON.stringify({
    _id: name, name, 'dist-tags': { latest: version },
    versions: { [version]: { name, version, description: 'bench', dependencies: { a: '^1.0.0', b: '^2.0.0' }, dist: { integrity } } },
    _attachments: { [`${name}-${version}.tgz`]: { content_type: 'application/octet-stream', data: data.toString('base64'), length: data.length } },
  });
}

/** Runs the packages benchmark. */
export async function runPackages(o: BenchOptions): Promise<AreaResult> {
  const size = o.quick ? { bytes: 64 * CHUNK, versions: 30, reads: 100 } : { bytes: 1024 * CHUNK, versions: 200, reads: 500 };
  await mkdir(o.tmp, { recursive: true });
  const host = await startHostProcess(path.join(o.tmp, 'data'));
  try {
    const token = await adminToken(host.url);
    const auth = { authorization: `token ${token}` };
    const fileUrl = `${host.url}/api/packages/root/generic/bench/1.0/big.bin`;
    const idleRss = rssOf(host.pid);

    const sent = createHash('sha256');
    let sampler = rssSampler(host.pid);
    let t0 = performance.now();
    const up = await fetch(fileUrl, { method: 'PUT', headers: auth, body: body(size.bytes, sent), duplex: 'half' } as RequestInit);
    const upMs = performance.now() - t0;
    const upPeak = sampler.stop();
    if (up.status !== 201) throw new Error(`upload: ${up.status} ${await up.text()}`);

    const got = createHash('sha256');
    sampler = rssSampler(host.pid);
    t0 = performance.now();
    const down = await fetch(fileUrl, { headers: auth });
    let received = 0;
    for await (const chunk of down.body as unknown as AsyncIterable<Uint8Array>) {
      got.update(chunk);
      received += chunk.length;
    }
    const downMs = performance.now() - t0;
    const downPeak = sampler.stop();
    if (received !== size.bytes || got.digest('hex') !== sent.digest('hex')) throw new Error('download differs from the upload');

    for (let i = 0; i < size.versions; i++) {
      const res = await fetch(`${host.url}/api/packages/root/npm/bench-lib`, { method: 'PUT', headers: { ...auth, 'content-type': 'application/json' }, body: npmDoc('bench-lib', `1.${i}.0`) });
      if (res.status !== 201) throw new Error(`npm publish: ${res.status} ${await res.text()}`);
    }
    const times: number[] = [];
    for (let i = 0; i < size.reads; i++) {
      const s = performance.now();
      const res = await fetch(`${host.url}/api/packages/root/npm/bench-lib`, { headers: auth });
      await res.arrayBuffer();
      times.push(performance.now() - s);
    }
    const rate = (ms: number): string => fmt(mb(size.bytes) / (ms / 1000));
    return {
      area: 'packages',
      title: 'Package registries',
      tables: [
        {
          title: `Generic file of ${fmt(mb(size.bytes))} MiB`,
          columns: ['operation', 'ms', 'MiB/s', 'host RSS before MiB', 'host peak RSS MiB'],
          rows: [
            ['upload (PUT, streamed to its blob)', fmt(upMs), rate(upMs), fmt(mb(idleRss)), fmt(mb(upPeak))],
            ['download (GET, streamed from its blob)', fmt(downMs), rate(downMs), fmt(mb(idleRss)), fmt(mb(downPeak))],
          ],
        },
        {
          title: `npm metadata document of a package with ${size.versions} versions (${size.reads} reads)`,
          columns: ['median ms', 'p95 ms', 'max ms'],
          rows: [[fmt(median(times)), fmt(percentile(times, 95)), fmt(Math.max(...times))]],
        },
      ],
      notes: [
        `Host process (tsx) on loopback; RSS sampled every 20 ms. The upload hashes the stream with four checksums as it writes it; the download is checked against the upload's sha256.`,
      ],
      data: { size, upMs, downMs, idleRss, upPeak, downPeak, metadata: { median: median(times), p95: percentile(times, 95) } },
    };
  } finally {
    await host.stop();
  }
}

/**
 * upload-pack through the pack cache: a clone request whose answer is stored is answered from the file with no
 * git process; otherwise git answers and, for a clone request, its answer is stored as it streams to the client.
 * Fetches (requests with haves) and negotiation rounds go to git as before.
 */
import { Readable, Transform, type Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { isCloneRequest, MAX_REQUEST_BYTES, type PackCache } from './pack-cache.ts';
import { serve, type ServeResult } from './smart-http.ts';

export interface UploadResult extends ServeResult {
  /** hit: answered from the cache; stored: git's answer was stored; pass: not a cacheable request. */
  cache: 'hit' | 'stored' | 'miss' | 'pass';
}

/** Reads up to `limit` bytes of the request; `rest` is set (all of it, replayed) when it is longer. */
async function readHead(input: Readable, limit: number): Promise<{ body: Buffer } | { rest: Readable }> {
  const chunks: Buffer[] = [];
  let size = 0;
  const it = input[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  for (;;) {
    const n = await it.next();
    if (n.done) return { body: Buffer.concat(chunks) };
    chunks.push(n.value);
    size += n.value.length;
    if (size > limit) {
      return {
        rest: Readable.from((async function* replay() {
          yield* chunks;
          for (let m = await it.next(); !m.done; m = await it.next()) yield m.value;
        })()),
      };
    }
  }
}

/** Serves one upload-pack request, from or into `cache` when it is a clone request. */
export async function serveUploadPack(
  cache: PackCache | null, gitDir: string, input: Readable, output: Writable, gitProtocol?: string,
): Promise<UploadResult> {
  if (!cache) return { ...await serve(gitDir, 'upload-pack', input, output, gitProtocol), cache: 'pass' };
  const head = await readHead(input, MAX_REQUEST_BYTES);
  if ('rest' in head || !isCloneRequest(head.body)) {
    const body = 'rest' in head ? head.rest : Readable.from([head.body]);
    return { ...await serve(gitDir, 'upload-pack', body, output, gitProtocol), cache: 'pass' };
  }
  const key = await cache.key(gitDir, head.body, gitProtocol);
  const hit = await cache.open(key);
  if (hit) {
    try {
      await pipeline(hit, output, { end: false });
      return { code: 0, stderr: '', commands: [], report: null, cache: 'hit' };
    } catch (err) {
      return { code: -1, stderr: `sending the stored answer stopped: ${err instanceof Error ? err.message : String(err)}`, commands: [], report: null, cache: 'hit' };
    }
  }
  const writer = await cache.writer(key);
  const tee = new Transform({
    transform(chunk: Buffer, _enc, cb): void {
      writer.write(chunk);
      cb(null, chunk);
    },
  });
  tee.pipe(output, { end: false });
  output.on('close', () => tee.destroy());
  const r = await serve(gitDir, 'upload-pack', Readable.from([head.body]), tee, gitProtocol);
  tee.end();
  const complete = await finished(tee).then(() => true, () => false);
  if (r.code === 0 && complete) await writer.commit();
  else await writer.discard();
  return { ...r, cache: r.code === 0 && complete ? 'stored' : 'miss' };
}

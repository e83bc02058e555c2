/**
 * CPU per in-process commit of one new file into a folder of growing size (writeCommit, as a contents write
 * builds it), in this checkout and optionally another (`--base DIR`), measured in alternating bursts.
 * Run: npx tsx test/bench/lib/commit-write-cpu.ts [--n 300] [--rounds 4] [--start 800] [--base DIR]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from './proc.ts';

type WriteCommit = typeof import('../../../server/git/commit-write.ts').writeCommit;
type Reader = import('../../../server/git/cat-file.ts').ObjectReader;

const { values: o } = parseArgs({ options: { n: { type: 'string', default: '300' }, rounds: { type: 'string', default: '4' }, start: { type: 'string', default: '800' }, base: { type: 'string' } } });

interface Side { label: string; writeCommit: WriteCommit; dir: string; head: string; n: number; reader: Reader }

/** A reader over the objects the side wrote (as the host's object cache serves a write's next write). */
function memoryReader(kept: Map<string, { type: string; data: Buffer }>): Reader {
  return {
    read: async (id) => { const e = kept.get(id); return e ? { id, type: e.type as 'tree', size: e.data.length, data: e.data } : null; },
    info: async (id) => { const e = kept.get(id); return e ? { id, type: e.type as 'tree', size: e.data.length, data: Buffer.alloc(0) } : null; },
  };
}

async function side(label: string, root: string): Promise<Side> {
  const mod = await import(pathToFileURL(path.join(root, 'server/git/commit-write.ts')).href) as { writeCommit: WriteCommit };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'commit-cpu-'));
  execFileSync('git', ['init', '-q', '--bare', dir]);
  const kept = new Map<string, { type: string; data: Buffer }>();
  const s: Side = { label, writeCommit: mod.writeCommit, dir, head: '', n: 0, reader: memoryReader(kept) };
  const wrote = (id: string, type: string, data: Buffer): void => { kept.set(id, { type, data }); };
  const who = { name: 'A', email: 'a@x', date: '@1700000000 +0000' };
  // the folder filled in one commit
  const changes = Array.from({ length: Number(o.start) }, (_, i) => ({ path: `f/${i}.txt`, content: Buffer.from(`file ${i}\n`) }));
  s.head = (await mod.writeCommit(dir, '0'.repeat(40), { parent: null, changes, author: who, committer: who, message: 'seed\n' }, s.reader, wrote)).id;
  s.n = Number(o.start);
  (s as Side & { wrote: typeof wrote }).wrote = wrote;
  return s;
}

async function burst(s: Side, n: number): Promise<number> {
  const wrote = (s as Side & { wrote: (id: string, type: string, data: Buffer) => void }).wrote;
  const who = { name: 'A', email: 'a@x', date: '@1700000000 +0000' };
  const c0 = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const k = s.n++;
    s.head = (await s.writeCommit(s.dir, '0'.repeat(40), { parent: s.head, changes: [{ path: `f/${k}.txt`, content: Buffer.from(`file ${k}\n`) }], author: who, committer: who, message: `Add f/${k}.txt\n` }, s.reader, wrote)).id;
  }
  const c = process.cpuUsage(c0);
  if (process.env.SPLIT) console.log(`  user ${(c.user / n).toFixed(0)} sys ${(c.system / n).toFixed(0)}`);
  return (c.user + c.system) / n;
}

const sides = [await side('this', REPO_ROOT)];
if (o.base) sides.unshift(await side('base', o.base));
try {
  for (let r = 0; r < Number(o.rounds); r++) {
    for (const s of sides) console.log(`${s.label.padEnd(5)} round ${r}: ${(await burst(s, Number(o.n))).toFixed(0)} µs CPU per commit (folder of ${s.n} files)`);
  }
  for (const s of sides) execFileSync('git', ['fsck', '--no-dangling'], { env: { ...process.env, GIT_DIR: s.dir } });
} finally {
  for (const s of sides) rmSync(s.dir, { recursive: true, force: true });
}

/**
 * Where a host's event loop stood still, from a `node --cpu-prof` profile (e.g. the soak's host with
 * HOMEFORGE_SOAK_NODE_ARGS or soak-ab's flags): the profiler samples about every millisecond, so a gap over
 * `--over` ms between two samples is a stretch the thread did not run or ran one thing. Each gap is put on the
 * stack of the sample before it (what the thread did when it stopped), grouped by that stack's top frames.
 * A gap inside a function that takes microseconds is the thread losing the CPU; one after a call that wakes
 * another thread or process (socket writes, file calls handed to libuv's pool, connect, postMessage) is the woken
 * one taking the CPU; one from (idle) is the thread woken late.
 * Run: npx tsx test/bench/lib/cpu-stretches.ts <file.cpuprofile> [--over 20] [--depth 4] [--top 25]
 */
import { readFileSync } from 'node:fs';

interface CallFrame { functionName: string; url: string; lineNumber: number }
interface ProfileNode { id: number; callFrame: CallFrame; children?: number[] }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

const args = process.argv.slice(2);
const opt = (name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const file = args.find((a) => a.endsWith('.cpuprofile'));
if (!file) throw new Error('usage: cpu-stretches.ts <file.cpuprofile> [--over ms] [--depth n] [--top n]');
const over = opt('over', 20);
const depth = opt('depth', 4);
const top = opt('top', 25);

const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parentOf = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
const frame = (n: ProfileNode): string => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`;
const stackOf = (id: number): string => {
  const out: string[] = [];
  for (let cur: number | undefined = id; cur !== undefined && out.length < depth; cur = parentOf.get(cur)) out.push(frame(byId.get(cur)!));
  return out.join(' < ');
};

const groups = new Map<string, { n: number; ms: number; max: number }>();
let count = 0;
let total = 0;
let span = 0;
for (let i = 1; i < p.samples.length; i++) {
  const ms = (p.timeDeltas[i] ?? 0) / 1000;
  span += ms;
  if (ms <= over) continue;
  count += 1;
  total += ms;
  const key = stackOf(p.samples[i - 1]!);
  const g = groups.get(key) ?? { n: 0, ms: 0, max: 0 };
  g.n += 1;
  g.ms += ms;
  g.max = Math.max(g.max, ms);
  groups.set(key, g);
}
console.log(`${p.samples.length} samples over ${(span / 1000).toFixed(1)} s; ${count} gaps over ${over} ms, ${total.toFixed(0)} ms in all`);
console.log('gaps  ms  longest  stack before the gap');
for (const [key, g] of [...groups].sort((a, b) => b[1].ms - a[1].ms).slice(0, top)) {
  console.log(`${String(g.n).padStart(4)} ${g.ms.toFixed(0).padStart(5)} ${g.max.toFixed(0).padStart(6)}  ${key}`);
}

/**
 * Store: the cost of one write with 100, 10,000 and 100,000 stored hook tasks (the real hook-task store) and
 * issues (a PartitionedCollection laid out as an issues store would be: there is no issues store yet), and
 * the host's start-up time and resident memory on those data dirs.
 */
import path from 'node:path';
import { flushStore, type Store } from '../../server/store/index.ts';
import * as taskStore from '../../server/store/hook-tasks.ts';
import { PartitionedCollection } from '../../server/store/engine/partitioned.ts';
import { rssOf, startHostProcess } from './lib/proc.ts';
import { dataDirWithHookTasks, hookTask, issue, seedPartitions, ISSUE_PARTITION, TASK_PARTITION, type IssueRecord } from './lib/seed.ts';
import { fmt, mb, median, ratio, timed } from './lib/stats.ts';
import type { AreaResult, BenchOptions } from './report.ts';

const TARGET = 1.5;
const REPO = 1;

interface DataSet { count: number; dir: string; hookId: number; store?: Store; issues?: PartitionedCollection<IssueRecord> }
interface Costs { task: number[]; issue: number[] }

/** A data dir with the admin and one user hook (made by a real host), then `count` tasks and issues seeded. */
async function prepare(root: string, count: number): Promise<DataSet> {
  const dir = path.join(root, `data-${count}`);
  const { store, hookId } = await dataDirWithHookTasks(dir, count);
  await seedPartitions(store, `issues/${REPO}`, ISSUE_PARTITION, count, issue(REPO));
  if ((await taskStore.get(store, { hookId, id: count }))?.id !== count) throw new Error('seeded hook tasks are not where the store looks');
  return { count, dir, hookId, store, issues: new PartitionedCollection<IssueRecord>(store.engine, `issues/${REPO}`, ISSUE_PARTITION) };
}

/** Single writes into each data set in turn, so every set sees the same disk state. */
async function writeCosts(sets: DataSet[], reps: number): Promise<Costs[]> {
  const costs = sets.map((): Costs => ({ task: [], issue: [] }));
  for (let i = 0; i < reps; i++) {
    for (const [k, s] of sets.entries()) {
      costs[k]!.task.push(await timed(() => taskStore.insert(s.store!, s.hookId, hookTask(s.hookId))));
      costs[k]!.issue.push(await timed(() => s.issues!.insert(issue(REPO))));
    }
  }
  for (const s of sets) await flushStore(s.store!);
  return costs;
}

/** Start-up to the first answered request, and resident memory once the start-up refill has had time to run. */
async function startup(set: DataSet, settleMs: number): Promise<{ ms: number; rss: number; peak: number }> {
  const host = await startHostProcess(set.dir);
  try {
    await new Promise((r) => setTimeout(r, settleMs));
    return { ms: host.startMs, rss: rssOf(host.pid), peak: rssOf(host.pid, 'VmHWM') };
  } finally {
    await host.stop();
  }
}

/** Runs the store benchmark. */
export async function runStore(o: BenchOptions): Promise<AreaResult> {
  const counts = o.quick ? [100, 1_000, 10_000] : [100, 10_000, 100_000];
  const sets: DataSet[] = [];
  for (const c of counts) sets.push(await prepare(o.tmp, c));
  const costs = await writeCosts(sets, o.quick ? 40 : 300);
  const starts = sets.map(() => [] as { ms: number; rss: number; peak: number }[]);
  for (let r = 0; r < (o.quick ? 1 : 3); r++) for (const [k, s] of sets.entries()) starts[k]!.push(await startup(s, o.quick ? 1000 : 3000));
  const base = costs[0]!;
  const rows = sets.map((s, k) => {
    const [t, i] = [median(costs[k]!.task), median(costs[k]!.issue)];
    const st = starts[k]!;
    return [s.count.toLocaleString('en-US'), fmt(t), ratio(t, median(base.task)), fmt(i), ratio(i, median(base.issue)),
      fmt(median(st.map((x) => x.ms))), fmt(mb(median(st.map((x) => x.rss)))), fmt(mb(Math.max(...st.map((x) => x.peak))))];
  });
  const last = costs.at(-1)!;
  const verdict = (a: number[], b: number[]): string => (median(a) / median(b) < TARGET ? 'met' : 'MISSED');
  return {
    area: 'store',
    title: 'Store: write cost, start-up and memory with stored hook tasks and issues',
    tables: [{
      title: `One write (median ms) and host start-up with N hook tasks and N issues stored (target: largest / 100 under ${TARGET})`,
      columns: ['N stored (each)', 'hook task write ms', 'task vs 100', 'issue write ms', 'issue vs 100', 'start-up ms', 'RSS MiB after start', 'peak RSS MiB'],
      rows,
    }],
    notes: [
      `Hook tasks: the real hook-task store, all N tasks on one hook (${TASK_PARTITION} per partition), delivered, each with its request and response. Issues: no issues store exists yet, so this is a PartitionedCollection per repository with ${ISSUE_PARTITION} issues per partition, as an issues store would lay them out.`,
      `Writes: ${costs[0]!.task.length} durable single writes per set, taken in turn across the sets; data seeded by writing partition files directly.`,
      `Target for hook tasks ${verdict(last.task, base.task)}, for issues ${verdict(last.issue, base.issue)}.`,
      `Start-up: \`node --import tsx server/cli.ts\` on each data dir, median of ${starts[0]!.length}; RSS read ${o.quick ? 1 : 3} s after the first answer (the hook-task refill scans the tasks at start).`,
    ],
    data: { counts, costs, starts },
  };
}

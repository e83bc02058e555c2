/**
 * `npm run bench`: runs the benchmark areas in order and writes bench/results/latest.json and latest.md.
 * Flags: --quick (small sizes, a smoke run of about a minute), --only <area>[,<area>] (repeatable).
 * The soak area runs 5 minutes; HOMEFORGE_SOAK_SECONDS and HOMEFORGE_SOAK_AFTER_SECONDS shorten it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { REPO_ROOT } from './lib/proc.ts';
import { machineInfo, writeResults, type AreaResult, type BenchOptions } from './report.ts';
import { runTransport } from './transport.ts';
import { runApi } from './api.ts';
import { runStore } from './store.ts';
import { runWebhooks } from './webhooks.ts';
import { runIdle } from './idle.ts';
import { runQuery } from './query.ts';
import { runReads } from './reads.ts';
import { runBackup } from './backup.ts';
import { runHousekeeping } from './housekeeping.ts';
import { runIssues } from './issues.ts';
import { runWiki } from './wiki.ts';
import { runPackages } from './packages.ts';
import { runReleases } from './releases.ts';
import { runPulls } from './pulls.ts';
import { runSoak } from './soak.ts';
import { runActionSecrets } from './actions-secrets.ts';
import { runActions } from './actions.ts';
import { runRunners } from './runners.ts';
import { runArtifacts } from './artifacts.ts';

const AREAS: Record<string, (o: BenchOptions) => Promise<AreaResult>> = {
  transport: runTransport,
  api: runApi,
  reads: runReads,
  store: runStore,
  webhooks: runWebhooks,
  idle: runIdle,
  query: runQuery,
  backup: runBackup,
  housekeeping: runHousekeeping,
  issues: runIssues,
  wiki: runWiki,
  packages: runPackages,
  releases: runReleases,
  pulls: runPulls,
  soak: runSoak,
  'actions-secrets': runActionSecrets,
  actions: runActions,
  runners: runRunners,
  artifacts: runArtifacts,
};

const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false }, only: { type: 'string', multiple: true } } });
const chosen = (values.only ?? []).flatMap((s) => s.split(',')).filter(Boolean);
for (const a of chosen) {
  if (!(a in AREAS)) {
    process.stderr.write(`unknown area "${a}"; areas: ${Object.keys(AREAS).join(', ')}\n`);
    process.exit(2);
  }
}

const t0 = performance.now();
const loadAtStart = os.loadavg()[0] ?? 0;
const tmp = await mkdtemp(path.join(os.tmpdir(), 'homeforge-bench-'));
const results: AreaResult[] = [];
try {
  for (const [name, run] of Object.entries(AREAS)) {
    if (chosen.length && !chosen.includes(name)) continue;
    process.stdout.write(`bench: ${name}...\n`);
    const started = performance.now();
    const r = await run({ quick: values.quick, tmp: path.join(tmp, name) });
    results.push(r);
    for (const t of r.tables) console.table(t.rows.map((row) => Object.fromEntries(t.columns.map((c, i) => [c, row[i]]))));
    for (const n of r.notes) process.stdout.write(`  ${n}\n`);
    process.stdout.write(`bench: ${name} done in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  }
} finally {
  await rm(tmp, { recursive: true, force: true });
}
const info = {
  date: new Date().toISOString(), quick: values.quick, seconds: (performance.now() - t0) / 1000,
  load: [loadAtStart, os.loadavg()[0] ?? 0] as [number, number], machine: machineInfo(),
};
await writeResults(path.join(REPO_ROOT, 'bench/results'), info, results);
process.stdout.write(`bench: wrote bench/results/latest.json and latest.md in ${info.seconds.toFixed(0)} s\n`);

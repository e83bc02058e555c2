/**
 * Idle host: time from spawn to the first answered request and resident memory at rest, for the host as
 * `npm start` runs it (compiled, with a 1 MiB young generation), and for comparison uncapped and from source.
 */
import { copyFile, mkdir, symlink, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { runCommand } from './lib/command.ts';
import { REPO_ROOT, rssOf, startHostProcess } from './lib/proc.ts';
import { fmt, mb, median } from './lib/stats.ts';
import type { AreaResult, BenchOptions } from './report.ts';

/** The targets: under 80 MB (decimal: 76.3 MiB) resident, under 1 s to the first answer. */
const TARGET = { rssBytes: 80e6, startMs: 1000 };

interface Variant { name: string; entry: string[]; cwd: string }
interface Sample { ms: number; cpuMs: number; rss: number }

/** CPU time (user and system, all threads) a process has used so far, in ms. */
function cpuMsOf(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
}

/**
 * Compiles server/ with the build config into `dir` (beside a link to node_modules, so imports resolve), and
 * bundles its entries as `npm start` and the packaged app do unless told not to.
 */
export async function compile(dir: string, bundle = true): Promise<string> {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'package.json'), '{ "type": "module" }\n');
  await symlink(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  const out = path.join(dir, 'dist');
  const cli = path.join(out, 'server/cli.js');
  // tsc still emits when a file has a type error; only a missing entry point stops this benchmark. The build info
  // goes beside this output: the config's own (dist/.tsbuildinfo) is shared by every build, and tsc emits nothing
  // into a deleted folder that it finds up to date there.
  const tsc = [path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json', '--outDir', out, '--tsBuildInfoFile', path.join(dir, '.tsbuildinfo')];
  await runCommand(process.execPath, tsc, REPO_ROOT)
    .catch((err: unknown) => { if (!existsSync(cli)) throw err; });
  // The git spawner's child is plain JavaScript that tsc does not emit; the build scripts copy it the same way.
  await copyFile(path.join(REPO_ROOT, 'server/git/spawner-child.mjs'), path.join(out, 'server/git/spawner-child.mjs'));
  // As `npm start` and `npm run build` prepare it: the command line's and the desktop main process's entries
  // bundled into one file each beside the compiled tree.
  if (bundle) await runCommand(process.execPath, [path.join(REPO_ROOT, 'scripts/bundle-cli.mjs'), '--dist', out, '--cli', '--desktop'], REPO_ROOT);
  return cli;
}

async function sample(v: Variant, dataDir: string, settleMs: number): Promise<Sample> {
  const host = await startHostProcess(dataDir, { entry: v.entry, cwd: v.cwd });
  try {
    // Read at the first answer: unlike the wall time, it hardly depends on what else the machine runs.
    const cpuMs = cpuMsOf(host.pid);
    await new Promise((r) => setTimeout(r, settleMs));
    return { ms: host.startMs, cpuMs, rss: rssOf(host.pid) };
  } finally {
    await host.stop();
  }
}

/** Runs the idle-host benchmark. */
export async function runIdle(o: BenchOptions): Promise<AreaResult> {
  const cli = await compile(path.join(o.tmp, 'build'));
  const out = path.dirname(path.dirname(cli));
  const variants: Variant[] = [
    { name: 'as the packaged desktop app runs it (bundled main/shell.js startDesktopHost in-process, default node flags; Electron itself not counted)', entry: [path.join(REPO_ROOT, 'test/bench/lib/desktop-host.mjs'), '--dist', out], cwd: out },
    { name: 'as npm start runs it (node dist/server/cli.js)', entry: [cli], cwd: path.dirname(cli) },
    { name: 'compiled, default young generation', entry: [cli], cwd: path.dirname(cli) },
    { name: 'from source (npm run dev: node --import tsx server/cli.ts)', entry: ['--import', 'tsx', 'server/cli.ts'], cwd: REPO_ROOT },
  ];
  const rounds = o.quick ? 1 : 5;
  const settle = o.quick ? 1000 : 2000;
  const samples = variants.map(() => [] as Sample[]);
  const first = variants.map(() => 0);
  for (const [k, v] of variants.entries()) first[k] = (await sample(v, path.join(o.tmp, `data-${k}`), settle)).ms;
  for (let r = 0; r < rounds; r++) for (const [k, v] of variants.entries()) samples[k]!.push(await sample(v, path.join(o.tmp, `data-${k}`), settle));
  const rows = variants.map((v, k) => {
    const [ms, rss] = [median(samples[k]!.map((s) => s.ms)), median(samples[k]!.map((s) => s.rss))];
    const cpu = median(samples[k]!.map((s) => s.cpuMs));
    return [v.name, fmt(first[k]!), fmt(ms), ms < TARGET.startMs ? 'yes' : 'no', fmt(cpu), fmt(mb(rss)), fmt(rss / 1e6), rss < TARGET.rssBytes ? 'yes' : 'no'];
  });
  return {
    area: 'idle',
    title: 'Idle host',
    tables: [{
      title: `Start-up and resident memory (targets: under ${TARGET.startMs} ms, under ${TARGET.rssBytes / 1e6} MB)`,
      columns: ['host', 'first start ms', 'start-up ms', 'under 1 s', 'start-up CPU ms', 'idle RSS MiB', 'idle RSS MB', `under ${TARGET.rssBytes / 1e6} MB`],
      rows,
    }],
    notes: [
      `Start-up: from spawn to the first answered GET /api/v1/version, median of ${rounds} restarts on the same data dir (the first start, which also creates the administrator, is shown apart); start-up CPU: the process's user and system time at that answer (10 ms ticks), a figure a busy machine hardly changes. RSS: the process (all threads) ${settle / 1000} s after that answer; the webhook worker thread starts on first use, so an idle host has none.`,
      'The desktop variant runs what the packaged app\'s main process runs (`npm run build` bundles Electron\'s entry main/index.ts and the main/shell.ts it loads, as `npm start`\'s entry is bundled: one file plus the chunks loaded on first use): main/young-generation.js, which the bundled entry inlines, then the bundled main/shell.js and its startDesktopHost with the default host factory, in a plain node process (the entry itself imports `electron`, so it is not loaded): the same host code and V8 settings as in the Electron main process, without the Electron runtime itself (its renderer and GPU processes, and the own share of the runtime of the main process, come on top on a desktop). Its young generation: Electron\'s main process takes V8 flags only from its own command line at launch (`--js-flags`; `app.commandLine.appendSwitch(\'js-flags\', …)` in the app reaches only the renderers), so the entry sets `--semi-space-growth-factor=1` at run time before anything else loads: the semi-spaces stay at their starting 1 MiB at rest, as `npm start`\'s entry keeps them (with the same cap on the old generation\'s growth); both let them grow while the main thread is busy and shrink again after. `npm start` compiles first (incremental tsc, then its entry bundled by esbuild into one file and the chunks loaded on first use, as measured here) and runs the compiled host: a 1 MiB young generation at rest saves about 8 MiB. From source (`npm run dev`), tsx alone holds about 35 MiB (an empty script under `node --import tsx` is about 75 MiB against 41 MiB for plain node).',
    ],
    data: { variants: variants.map((v, k) => ({ name: v.name, first: first[k], samples: samples[k] })) },
  };
}

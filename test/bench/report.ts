/** The benchmark results: the shapes every area returns, and the JSON and Markdown written at the end. */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

export interface BenchOptions {
  /** Small sizes and short runs: a smoke run of about a minute. */
  quick: boolean;
  /** A scratch directory for this run, removed at the end. */
  tmp: string;
}

export interface ReportTable {
  title: string;
  columns: string[];
  rows: string[][];
}

export interface AreaResult {
  area: string;
  title: string;
  tables: ReportTable[];
  /** Short sentences printed under the tables: what was measured, targets met or missed. */
  notes: string[];
  /** The raw figures for latest.json. */
  data: Record<string, unknown>;
}

export interface RunInfo {
  date: string;
  quick: boolean;
  seconds: number;
  /** One-minute load averages at the start and the end of the run (other work on the machine skews timings). */
  load: [number, number];
  machine: { cpus: number; cpuModel: string; memoryGiB: number; platform: string; node: string; git: string };
}

/** What the figures were measured on. */
export function machineInfo(): RunInfo['machine'] {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    git: execFileSync('git', ['--version'], { encoding: 'utf8' }).trim(),
  };
}

const cell = (s: string): string => s.replace(/\|/g, '\\|');

function tableMd(t: ReportTable): string {
  const lines = [`**${t.title}**`, '', `| ${t.columns.map(cell).join(' | ')} |`, `|${t.columns.map(() => ' --- |').join('')}`];
  for (const row of t.rows) lines.push(`| ${row.map(cell).join(' | ')} |`);
  return lines.join('\n');
}

/** The Markdown report: the run's facts, then one section per area. */
export function markdown(info: RunInfo, areas: AreaResult[]): string {
  const m = info.machine;
  const out = [
    '# Homeforge benchmark results', '',
    `${info.date}, ${info.quick ? 'quick (smoke) run' : 'full run'} in ${Math.round(info.seconds)} s on ${m.cpus} × ${m.cpuModel}, ${m.memoryGiB} GiB, ${m.platform}; node ${m.node}, ${m.git}.`,
    `Load average (1 min) ${info.load[0].toFixed(1)} at the start, ${info.load[1].toFixed(1)} at the end. Every ratio compares figures measured side by side in this run. Produced by \`npm run bench\`.`,
  ];
  for (const a of areas) {
    out.push('', `## ${a.title}`, '');
    for (const t of a.tables) out.push(tableMd(t), '');
    for (const n of a.notes) out.push(`- ${n}`);
  }
  return `${out.join('\n').trimEnd()}\n`;
}

/** Writes `<dir>/latest.json` and `<dir>/latest.md`. */
export async function writeResults(dir: string, info: RunInfo, areas: AreaResult[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  const json = { ...info, areas: Object.fromEntries(areas.map((a) => [a.area, { title: a.title, notes: a.notes, tables: a.tables, data: a.data }])) };
  await writeFile(path.join(dir, 'latest.json'), `${JSON.stringify(json, null, 2)}\n`);
  await writeFile(path.join(dir, 'latest.md'), markdown(info, areas));
}

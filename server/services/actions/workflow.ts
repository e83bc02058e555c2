/**
 * Workflow files (GitHub Actions syntax, as Gitea reads them through act's jobparser): the triggers under `on`, and
 * the jobs, each matrix combination made its own job with a one-job workflow a runner executes.
 */
import type * as Yaml from 'yaml';
import { lazyRequire } from '../../lib/lazy-require.ts';
import { ValidationError } from '../../lib/errors.ts';

// The YAML parser (74 modules) loads with the first workflow read, not at start.
const yaml = lazyRequire<typeof Yaml>('yaml');

type Obj = Record<string, unknown>;

/** Branch, tag and path filters of push and pull_request. */
export interface EventFilter {
  branches?: string[] | undefined;
  'branches-ignore'?: string[] | undefined;
  tags?: string[] | undefined;
  'tags-ignore'?: string[] | undefined;
  paths?: string[] | undefined;
  'paths-ignore'?: string[] | undefined;
  types?: string[] | undefined;
}

/** A workflow_dispatch input. */
export interface DispatchInput {
  description: string;
  required: boolean;
  default: string;
  type: string;
  options: string[];
}

/** One job of a run: a matrix combination of a workflow job. */
export interface PlannedJob {
  jobId: string;
  name: string;
  needs: string[];
  runsOn: string[];
  ifExpr: string;
  matrix: Obj;
  /** The one-job workflow as YAML. */
  payload: string;
}

export interface Workflow {
  name: string;
  /** Trigger name → its options (`{}` when given without options). */
  on: Record<string, Obj>;
  schedules: string[];
  dispatchInputs: Record<string, DispatchInput> | null;
  raw: Obj;
}

const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);
const strList = (v: unknown): string[] | undefined => (v === undefined || v === null ? undefined : (Array.isArray(v) ? v : [v]).map((x) => String(x)));

function triggers(on: unknown): Record<string, Obj> {
  if (typeof on === 'string') return { [on]: {} };
  if (Array.isArray(on)) return Object.fromEntries(on.map((e) => [String(e), {}]));
  if (isObj(on)) return Object.fromEntries(Object.entries(on).map(([k, v]) => [k, isObj(v) ? v : Array.isArray(v) ? { list: v } : {}]));
  return {};
}

/** The filters of one trigger (push or pull_request). */
export function filterOf(opts: Obj): EventFilter {
  const keys = ['branches', 'branches-ignore', 'tags', 'tags-ignore', 'paths', 'paths-ignore', 'types'] as const;
  return Object.fromEntries(keys.map((k) => [k, strList(opts[k])]).filter(([, v]) => v !== undefined)) as EventFilter;
}

function inputsOf(opts: Obj | undefined): Record<string, DispatchInput> | null {
  if (!opts) return null;
  const raw = isObj(opts.inputs) ? opts.inputs : {};
  return Object.fromEntries(Object.entries(raw).map(([k, v]) => {
    const o = isObj(v) ? v : {};
    return [k, { description: String(o.description ?? ''), required: o.required === true, default: o.default === undefined ? '' : String(o.default as string), type: String(o.type ?? 'string'), options: strList(o.options) ?? [] }];
  }));
}

/** Reads a workflow file; throws a ValidationError naming the problem when it is not one. */
export function parseWorkflow(content: string, fileName: string): Workflow {
  let doc: unknown;
  try {
    doc = yaml().parse(content, { maxAliasCount: 100 });
  } catch (err) {
    throw new ValidationError(`${fileName}: ${(err as Error).message.split('\n')[0]}`);
  }
  if (!isObj(doc) || !isObj(doc.jobs)) throw new ValidationError(`${fileName}: a workflow needs jobs`);
  // YAML 1.1 reads a bare `on` key as true; the yaml package (1.2) keeps it a string, but accept both.
  const on = triggers(doc.on ?? doc.true);
  const schedules = Array.isArray(on.schedule?.list) ? on.schedule.list.flatMap((s) => (isObj(s) && typeof s.cron === 'string' ? [s.cron] : [])) : [];
  return { name: typeof doc.name === 'string' && doc.name ? doc.name : fileName, on, schedules, dispatchInputs: inputsOf(on.workflow_dispatch), raw: doc };
}

function combinations(matrix: unknown): Obj[] {
  if (!isObj(matrix)) return [{}];
  const axes = Object.entries(matrix).filter(([k, v]) => k !== 'include' && k !== 'exclude' && Array.isArray(v)) as [string, unknown[]][];
  let combos: Obj[] = axes.length ? [{}] : [];
  for (const [k, values] of axes) combos = combos.flatMap((c) => values.map((v) => ({ ...c, [k]: v })));
  const matches = (c: Obj, part: Obj) => Object.entries(part).every(([k, v]) => JSON.stringify(c[k]) === JSON.stringify(v));
  const excludes = Array.isArray(matrix.exclude) ? matrix.exclude.filter(isObj) : [];
  combos = combos.filter((c) => !excludes.some((e) => matches(c, e)));
  for (const inc of Array.isArray(matrix.include) ? matrix.include.filter(isObj) : []) {
    const onAxes = Object.fromEntries(Object.entries(inc).filter(([k]) => axes.some(([a]) => a === k)));
    const hit = combos.filter((c) => Object.keys(onAxes).length > 0 && matches(c, onAxes));
    if (hit.length) for (const c of hit) Object.assign(c, inc);
    else combos.push({ ...inc });
  }
  return combos.length ? combos : [{}];
}

const MATRIX_REF = /\$\{\{\s*matrix\.([A-Za-z0-9_-]+)\s*\}\}/g;
const fill = (s: string, m: Obj): string => s.replace(MATRIX_REF, (_, k: string) => (m[k] === undefined ? '' : String(m[k] as string)));
const scalar = (v: unknown): string => (isObj(v) || Array.isArray(v) ? JSON.stringify(v) : String(v as string));

/** The jobs of a run from a workflow: one per matrix combination, in file order. At most `max` of them. */
export function planJobs(wf: Workflow, max = 256): PlannedJob[] {
  const jobs = wf.raw.jobs as Obj;
  const out: PlannedJob[] = [];
  for (const [jobId, rawJob] of Object.entries(jobs)) {
    const job = isObj(rawJob) ? rawJob : {};
    const strategy = isObj(job.strategy) ? job.strategy : {};
    for (const matrix of combinations(strategy.matrix)) {
      if (out.length >= max) throw new ValidationError(`${wf.name}: more than ${max} jobs`);
      const values = Object.values(matrix).map(scalar);
      const base = typeof job.name === 'string' ? job.name : jobId;
      const name = base.includes('${{') ? fill(base, matrix) : values.length ? `${base} (${values.join(', ')})` : base;
      const runsOn = (strList(isObj(job['runs-on']) ? (job['runs-on'] as Obj).labels : job['runs-on']) ?? []).map((l) => fill(l, matrix));
      const single: Obj = { ...job, name };
      if (Object.keys(matrix).length) single.strategy = { ...strategy, matrix: Object.fromEntries(Object.entries(matrix).map(([k, v]) => [k, [v]])) };
      const payload = yaml().stringify({ name: wf.name, on: wf.raw.on ?? wf.raw.true, ...(wf.raw.env ? { env: wf.raw.env } : {}), jobs: { [jobId]: single } });
      out.push({ jobId, name, needs: strList(job.needs) ?? [], runsOn, ifExpr: job.if === undefined ? '' : String(job.if as string), matrix, payload });
    }
  }
  return out;
}

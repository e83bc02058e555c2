/** Runs one mirror job with the system git: probe (ls-remote), pull (fetch) or push. */
import os from 'node:os';
import { gitConfigEnv, runGit, type GitResult } from '../../git/process.ts';
import { HOST_REFS, readRefFiles } from '../../git/ref-files.ts';
import type { MirrorJob, MirrorRefChange, MirrorResult } from '../protocol.ts';
import { maskSecrets } from './mask.ts';

const MIRROR_REFSPECS = ['+refs/heads/*:refs/heads/*', '+refs/tags/*:refs/tags/*'];
/**
 * A pull fetches into the host's own namespace, never into the served refs: the main thread then moves the
 * served refs in one transaction while a backup's snapshot point is not being fixed, together with their
 * records (so a sync is wholly before or wholly after the point, as a push is).
 */
const FETCHED = `${HOST_REFS}mirror/`;
const FETCH_REFSPECS = [`+refs/heads/*:${FETCHED}heads/*`, `+refs/tags/*:${FETCHED}tags/*`];
const TRACE_LINE = /^\d\d:\d\d:\d\d\.\d+ /;

/**
 * git's settings for one job, through its environment (never its command line): redirects are not followed
 * (a redirect could lead past the address check), the checked address is pinned, and credentials go as an
 * Authorization header.
 */
function configEnv(job: MirrorJob): Record<string, string> {
  const entries: [string, string][] = [['http.followRedirects', 'false']];
  if (job.pin) entries.push(['http.curloptResolve', job.pin]);
  if (job.auth) entries.push(['http.extraHeader', `Authorization: Basic ${Buffer.from(`${job.auth.username}:${job.auth.password}`).toString('base64')}`]);
  return gitConfigEnv(entries);
}

/** A local source is read exactly at the checked directory: upload-pack tries no other name (`--strict`). */
const strictLocal = (job: MirrorJob): string[] => (job.local ? ['--upload-pack=git-upload-pack --strict'] : []);

class JobFailed extends Error {}

/**
 * Killing git at the timeout does not end its remote helper (git-remote-http), which keeps the pipes open:
 * so the helper is told to give up on a stalled transfer by itself, and the job does not wait for it.
 */
function stallEnv(job: MirrorJob): Record<string, string> {
  return { GIT_HTTP_LOW_SPEED_LIMIT: '1', GIT_HTTP_LOW_SPEED_TIME: String(Math.max(1, Math.ceil(job.timeoutMs / 1000))) };
}

async function run(job: MirrorJob, args: string[], extraEnv: Record<string, string> = {}): Promise<GitResult> {
  const timedOut = new JobFailed(`git ${args[0]} timed out after ${Math.round(job.timeoutMs / 1000)}s`);
  const opts = {
    env: { ...configEnv(job), ...stallEnv(job), ...extraEnv }, timeoutMs: job.timeoutMs, ...(job.gitDir ? { gitDir: job.gitDir } : { cwd: os.tmpdir() }),
  };
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(timedOut), job.timeoutMs + 1000); });
  const r = await Promise.race([runGit(args, opts), late]).finally(() => clearTimeout(timer));
  if (r.code === 0) return r;
  if (Date.now() - started >= job.timeoutMs - 50) throw timedOut;
  const text = r.stderr.split('\n').filter((l) => l.trim() && !TRACE_LINE.test(l)).join('\n').trim();
  throw new JobFailed(text.slice(0, 2000) || `git ${args[0]} failed with status ${r.code}`);
}

/** The refs whose value differs between two snapshots, in ref order. */
export function diffRefs(before: Map<string, string>, after: Map<string, string>, zero: string): MirrorRefChange[] {
  const names = [...new Set([...before.keys(), ...after.keys()])].sort();
  return names
    .map((ref) => ({ ref, oldSha: before.get(ref) ?? zero, newSha: after.get(ref) ?? zero }))
    .filter((c) => c.oldSha !== c.newSha);
}

/** The served branches and tags, and the fetched ones under the names they will be served as. */
export function splitRefs(refs: { ref: string; sha: string }[]): { served: Map<string, string>; fetched: Map<string, string> } {
  const served = new Map<string, string>();
  const fetched = new Map<string, string>();
  for (const r of refs) {
    if (r.ref.startsWith('refs/heads/') || r.ref.startsWith('refs/tags/')) served.set(r.ref, r.sha);
    else if (r.ref.startsWith(FETCHED)) fetched.set(`refs/${r.ref.slice(FETCHED.length)}`, r.sha);
  }
  return { served, fetched };
}

async function pull(job: MirrorJob): Promise<Partial<MirrorResult>> {
  // --no-tags: tags come only through the refspec (into the host's namespace), never auto-followed into refs/tags.
  await run(job, ['fetch', '--quiet', '--no-tags', '--no-write-fetch-head', ...strictLocal(job), ...(job.prune ? ['--prune'] : []), '--end-of-options', job.url, ...FETCH_REFSPECS]);
  const { served, fetched } = splitRefs(await readRefFiles(job.gitDir));
  // Without prune, a ref gone upstream stays: only refs the fetch holds can change.
  if (!job.prune) for (const ref of served.keys()) if (!fetched.has(ref)) fetched.set(ref, served.get(ref)!);
  const format = (await runGit(['rev-parse', '--show-object-format'], { gitDir: job.gitDir })).stdout.toString().trim();
  return { changes: diffRefs(served, fetched, '0'.repeat(format === 'sha256' ? 64 : 40)) };
}

async function push(job: MirrorJob): Promise<Partial<MirrorResult>> {
  await run(job, ['push', '--quiet', '--force', ...(job.prune ? ['--prune'] : []), '--end-of-options', job.url, ...MIRROR_REFSPECS]);
  return {};
}

/** Reads the remote's refs; the object format comes from the protocol's capabilities, so an empty remote tells it too. */
async function probe(job: MirrorJob): Promise<Partial<MirrorResult>> {
  const r = await run(job, ['-c', 'protocol.version=2', 'ls-remote', '--symref', ...strictLocal(job), '--end-of-options', job.url], { GIT_TRACE_PACKET: '1' });
  const announced = /< .*?\bobject-format=(sha1|sha256)/.exec(r.stderr)?.[1] as 'sha1' | 'sha256' | undefined;
  const lines = r.stdout.toString('utf8').split('\n').filter(Boolean);
  const firstId = lines.find((l) => /^[0-9a-f]{40,64}\t/.test(l))?.split('\t')[0];
  const head = lines.map((l) => /^ref: refs\/heads\/(.+)\tHEAD$/.exec(l)?.[1]).find(Boolean) ?? null;
  return { objectFormat: announced ?? (firstId?.length === 64 ? 'sha256' : 'sha1'), headBranch: head };
}

/** Runs the job; never throws: a failure comes back as `ok: false` with git's words, credentials masked. */
export async function runMirrorJob(job: MirrorJob): Promise<MirrorResult> {
  const base: MirrorResult = { id: job.id, ok: true, error: '', changes: [], objectFormat: null, headBranch: null };
  try {
    const part = job.kind === 'probe' ? await probe(job) : job.kind === 'pull' ? await pull(job) : await push(job);
    return { ...base, ...part };
  } catch (err) {
    const text = err instanceof JobFailed ? err.message : String(err);
    return { ...base, ok: false, error: maskSecrets(text, job.auth ? [job.auth.password] : []) };
  }
}

/**
 * actions/upload-artifact@v4 and actions/download-artifact@v4 done natively: files are zipped (fflate) and sent
 * through the host's artifacts v4 protocol with the task's runtime token, as the real actions do, and zips fetched
 * from signed links are unpacked into the workspace. Paths stay inside the workspace.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import picomatch from 'picomatch';
import { unzipSync, zipSync, type Zippable } from 'fflate';
import type { StepRun } from './steps.ts';

export interface ArtifactCtx { serverUrl: string; runtimeToken: string }

const BASE = '/twirp/github.actions.results.api.v1.ArtifactService';
const CHUNK = 8 * 1024 * 1024;

/** The run and job ids in the runtime token's `scp` claim (`Actions.Results:<run>:<job>`), as @actions/artifact reads them. */
function backendIds(token: string): { run: string; job: string } {
  const body = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { scp?: string };
  const m = /Actions\.Results:(\d+):(\d+)/.exec(body.scp ?? '');
  if (!m) throw new Error('the runtime token names no run');
  return { run: m[1]!, job: m[2]! };
}

async function rpc<T>(c: ArtifactCtx, method: string, body: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${c.serverUrl}${BASE}/${method}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${c.runtimeToken}` }, body: JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} failed (${res.status}): ${text}`);
  return JSON.parse(text) as T;
}

const inside = (root: string, p: string): boolean => p === root || p.startsWith(root + path.sep);

async function walk(dir: string, out: string[]): Promise<void> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) await walk(full, out);
    else if (e.isFile()) out.push(full);
  }
}

/** The files a `path` input names (lines of paths or globs, `!` excludes) and the root they are stored relative to. */
async function collect(workspace: string, spec: string): Promise<{ root: string; files: string[] }> {
  const lines = spec.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  const include = lines.filter((l) => !l.startsWith('!'));
  const exclude = lines.filter((l) => l.startsWith('!')).map((l) => picomatch(path.resolve(workspace, l.slice(1))));
  const files = new Set<string>();
  const roots: string[] = [];
  for (const line of include) {
    const abs = path.resolve(workspace, line);
    if (!inside(workspace, abs)) throw new Error(`path ${line} leaves the workspace`);
    const scan = picomatch.scan(abs);
    const base = scan.isGlob ? scan.base : abs;
    const st = await stat(base).catch(() => null);
    if (!st) continue;
    roots.push(st.isDirectory() ? base : path.dirname(base));
    const found: string[] = [];
    if (st.isDirectory()) await walk(base, found); else found.push(base);
    const match = scan.isGlob ? picomatch(abs, { dot: true }) : () => true;
    for (const f of found) if (match(f)) files.add(f);
  }
  const kept = [...files].filter((f) => !exclude.some((m) => m(f))).sort();
  let root = roots[0] ?? workspace;
  for (const r of roots) while (!inside(root, r)) root = path.dirname(root);
  return { root, files: kept };
}

/** upload-artifact: zips the files and uploads them as the named artifact; answers whether it succeeded. */
export async function uploadArtifact(r: StepRun, c: ArtifactCtx, w: Record<string, string>): Promise<boolean> {
  const name = w.name || 'artifact';
  const { root, files } = await collect(r.workspace, w.path ?? '');
  if (!files.length) {
    const mode = w['if-no-files-found'] || 'warn';
    r.log.write(`${mode === 'error' ? '::error::' : mode === 'warn' ? '::warning::' : ''}No files were found with the provided path: ${w.path ?? ''}. No artifacts will be uploaded.`);
    return mode !== 'error';
  }
  const entries: Zippable = {};
  for (const f of files) entries[path.relative(root, f).split(path.sep).join('/')] = await readFile(f);
  const zip = zipSync(entries, { level: Number(w['compression-level'] ?? 6) as 6 });
  const ids = backendIds(c.runtimeToken);
  const days = Number(w['retention-days'] ?? 0);
  const created = await rpc<{ signedUploadUrl: string }>(c, 'CreateArtifact', {
    workflowRunBackendId: ids.run, workflowJobRunBackendId: ids.job, name, version: 4,
    ...(days > 0 ? { expiresAt: new Date(Date.now() + days * 86_400_000).toISOString() } : {}),
  });
  for (let at = 0; at < zip.length || at === 0; at += CHUNK) {
    const res = await fetch(`${created.signedUploadUrl}&comp=appendBlock`, { method: 'PUT', body: zip.subarray(at, at + CHUNK), signal: r.signal });
    if (!res.ok) throw new Error(`upload failed (${res.status}): ${await res.text()}`);
    if (zip.length === 0) break;
  }
  const hash = `sha256:${createHash('sha256').update(zip).digest('hex')}`;
  const done = await rpc<{ artifactId: string }>(c, 'FinalizeArtifact', { workflowRunBackendId: ids.run, workflowJobRunBackendId: ids.job, name, size: String(zip.length), hash });
  r.log.write(`Artifact ${name} (${files.length} files, ${zip.length} bytes) uploaded, id ${done.artifactId}`);
  return true;
}

/** download-artifact: fetches the named artifact (or every one of the run, each into its own folder) into `path`. */
export async function downloadArtifact(r: StepRun, c: ArtifactCtx, w: Record<string, string>): Promise<boolean> {
  const ids = backendIds(c.runtimeToken);
  const dest = path.resolve(r.workspace, w.path || '.');
  if (!inside(r.workspace, dest)) throw new Error('path leaves the workspace');
  const list = await rpc<{ artifacts?: { name: string }[] }>(c, 'ListArtifacts', { workflowRunBackendId: ids.run, workflowJobRunBackendId: ids.job, ...(w.name ? { nameFilter: w.name } : {}) });
  const arts = list.artifacts ?? [];
  if (w.name && !arts.length) { r.log.write(`::error::Artifact not found: ${w.name}`); return false; }
  for (const a of arts) {
    const signed = await rpc<{ signedUrl: string }>(c, 'GetSignedArtifactURL', { workflowRunBackendId: ids.run, workflowJobRunBackendId: ids.job, name: a.name });
    const res = await fetch(signed.signedUrl, { signal: r.signal });
    if (!res.ok) throw new Error(`download of ${a.name} failed (${res.status})`);
    const target = w.name ? dest : path.join(dest, a.name);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    for (const [rel, data] of Object.entries(files)) {
      const out = path.resolve(target, rel);
      if (!inside(target, out)) throw new Error(`zip entry ${rel} leaves its folder`);
      if (rel.endsWith('/')) { await mkdir(out, { recursive: true }); continue; }
      await mkdir(path.dirname(out), { recursive: true });
      await writeFile(out, data);
    }
    r.log.write(`Artifact ${a.name} downloaded to ${path.relative(r.workspace, target) || '.'}`);
  }
  return true;
}

/**
 * Artifacts as a running task uploads and downloads them (Gitea's artifacts v4, routers/api/actions/artifactsv4.go):
 * create (or start again) an artifact of a name in the task's run, receive its zip through a signed link, finalize
 * it, list the run's artifacts and hand out a signed download link. Names are Gitea's: no `\ / " : < > | * ?` nor
 * line breaks. The run named in a request must be the task's own.
 */
import type { Readable } from 'node:stream';
import type { AppContext } from '../context.ts';
import * as artifactStore from '../../store/action-artifacts.ts';
import type { ActionArtifactRecord } from '../../store/action-artifacts.ts';
import type { ActionTaskRecord } from '../../store/action-tasks.ts';
import * as taskStore from '../../store/action-tasks.ts';
import * as runStore from '../../store/action-runs.ts';
import { isDone } from '../../store/action-runs.ts';
import { BadRequestError, NotFoundError, UnauthorizedError } from '../../lib/errors.ts';
import { appendChunk, commitUpload, parseBlockList, removeArtifactFiles, stageBlock } from './artifact-files.ts';

const DAY = 86_400_000;

/** Gitea's artifact name rule. */
export function checkArtifactName(name: unknown): string {
  if (typeof name !== 'string' || !name || name.length > 255 || /[\\/":<>|*?\r\n]/.test(name)) throw new BadRequestError('invalid artifact name');
  return name;
}

/** The run a request names must be the task's (Gitea: "run-id does not match"). */
function checkRun(task: ActionTaskRecord, runBackendId: unknown): void {
  if (String(runBackendId ?? '') !== String(task.run_id)) throw new BadRequestError('run-id does not match');
}

const byName = async (app: AppContext, runId: number, name: string) =>
  (await artifactStore.listArtifactsOfRun(app.store, runId, (a) => a.name === name && a.status !== 'deleted'))[0];

/** How long an artifact is kept: the request's expiry when sooner, else `[actions] ARTIFACT_RETENTION_DAYS`. */
function expiryOf(app: AppContext, now: number, expiresAt?: string): string {
  const max = now + app.settings.int('actions.ARTIFACT_RETENTION_DAYS') * DAY;
  const asked = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  return new Date(Number.isNaN(asked) || asked > max ? max : Math.max(asked, now + DAY)).toISOString();
}

/** CreateArtifact: a pending artifact of this name in the task's run (an earlier one of the name starts again). */
export async function createArtifact(app: AppContext, task: ActionTaskRecord, req: { runBackendId: unknown; name: unknown; expiresAt?: string }, now = Date.now()): Promise<ActionArtifactRecord> {
  checkRun(task, req.runBackendId);
  const name = checkArtifactName(req.name);
  const stamp = new Date(now).toISOString();
  const expires = expiryOf(app, now, req.expiresAt);
  const old = await byName(app, task.run_id, name);
  if (old) {
    await removeArtifactFiles(app, old.repo_id, old.id);
    return (await artifactStore.updateArtifact(app.store, old.id, (a) => {
      Object.assign(a, { job_id: task.job_id, task_id: task.id, size: 0, status: 'pending', updated: stamp, expires });
    }))!;
  }
  return artifactStore.insertArtifact(app.store, (id) => ({
    id, run_id: task.run_id, job_id: task.job_id, task_id: task.id, repo_id: task.repo_id, owner_id: task.owner_id, commit_sha: task.commit_sha,
    name, size: 0, status: 'pending', created: stamp, updated: stamp, expires,
  }));
}

/** The pending artifact a signed upload link names, while its task runs. */
async function uploadTarget(app: AppContext, taskId: number, artifactId: number): Promise<ActionArtifactRecord> {
  const task = await taskStore.getTask(app.store, taskId);
  if (!task || isDone(task.status)) throw new UnauthorizedError('task not running');
  const a = await artifactStore.getArtifact(app.store, artifactId);
  if (!a || a.run_id !== task.run_id || a.status !== 'pending') throw new NotFoundError('Error artifact not found');
  return a;
}

/** UploadArtifact: a block, an appended chunk, or the block list (kept until finalize). */
export async function receiveUpload(app: AppContext, t: { taskId: number; artifactId: number }, comp: string, blockId: string, body: Readable): Promise<string> {
  const a = await uploadTarget(app, t.taskId, t.artifactId);
  if (comp === 'block' && blockId) { await stageBlock(app, a.id, blockId, body); return 'appended'; }
  if (comp === 'block' || comp === 'appendBlock') { await appendChunk(app, a.id, body); return 'appended'; }
  if (comp === 'blocklist') {
    let xml = '';
    for await (const chunk of body) { xml += String(chunk); if (xml.length > 4 * 1024 * 1024) throw new BadRequestError('block list too large'); }
    blockLists.set(a.id, parseBlockList(xml));
    return 'created';
  }
  throw new BadRequestError('unknown upload operation');
}

const blockLists = new Map<number, string[]>();

/** FinalizeArtifact: joins the upload into the artifact's zip, checks its hash, and makes it downloadable. */
export async function finalizeArtifact(app: AppContext, task: ActionTaskRecord, req: { runBackendId: unknown; name: unknown; hash?: string }): Promise<ActionArtifactRecord> {
  checkRun(task, req.runBackendId);
  const a = await byName(app, task.run_id, checkArtifactName(req.name));
  if (!a || a.status !== 'pending') throw new NotFoundError('Error artifact not found');
  const list = blockLists.get(a.id) ?? null;
  blockLists.delete(a.id);
  const size = await commitUpload(app, a.repo_id, a.id, list, req.hash);
  return (await artifactStore.updateArtifact(app.store, a.id, (r) => { r.size = size; r.status = 'confirmed'; r.updated = new Date().toISOString(); }))!;
}

/** ListArtifacts: the run's downloadable artifacts, optionally one name or id. */
export async function listTaskArtifacts(app: AppContext, task: ActionTaskRecord, req: { runBackendId: unknown; nameFilter?: string; idFilter?: string }): Promise<ActionArtifactRecord[]> {
  checkRun(task, req.runBackendId);
  return artifactStore.listArtifactsOfRun(app.store, task.run_id, (a) => a.status === 'confirmed'
    && (req.nameFilter === undefined || a.name === req.nameFilter) && (req.idFilter === undefined || String(a.id) === req.idFilter));
}

/** The run's downloadable artifact of a name (GetSignedArtifactURL, DeleteArtifact). */
export async function taskArtifactNamed(app: AppContext, task: ActionTaskRecord, req: { runBackendId: unknown; name: unknown }): Promise<ActionArtifactRecord> {
  checkRun(task, req.runBackendId);
  const a = await byName(app, task.run_id, checkArtifactName(req.name));
  if (!a || a.status !== 'confirmed') throw new NotFoundError('Error artifact not found');
  return a;
}

/** The artifact a signed download link names (its task must belong to the artifact's run). */
export async function downloadTarget(app: AppContext, t: { taskId: number; artifactId: number }): Promise<ActionArtifactRecord> {
  const task = await taskStore.getTask(app.store, t.taskId);
  const a = await artifactStore.getArtifact(app.store, t.artifactId);
  if (!task || !a || a.run_id !== task.run_id || a.status !== 'confirmed') throw new NotFoundError('Error artifact not found');
  return a;
}

/** An artifact that can be downloaded (the API's signed link names it alone). */
export async function downloadableArtifact(app: AppContext, id: number): Promise<ActionArtifactRecord> {
  const a = await artifactStore.getArtifact(app.store, id);
  if (!a || a.status !== 'confirmed') throw new NotFoundError('artifact not found');
  return a;
}

/** Deletes an artifact: its bytes and its record. */
export async function deleteArtifact(app: AppContext, a: ActionArtifactRecord): Promise<void> {
  blockLists.delete(a.id);
  await removeArtifactFiles(app, a.repo_id, a.id);
  await artifactStore.removeArtifact(app.store, a.id);
}

/** Expires artifacts past their time (bytes removed, record kept as expired); answers how many. */
export async function expireArtifacts(app: AppContext, now = Date.now()): Promise<number> {
  const due = await artifactStore.listArtifacts(app.store, (a) => (a.status === 'confirmed' || a.status === 'pending') && Date.parse(a.expires) <= now);
  for (const a of due) {
    await removeArtifactFiles(app, a.repo_id, a.id);
    await artifactStore.updateArtifact(app.store, a.id, (r) => { r.status = 'expired'; r.updated = new Date(now).toISOString(); });
  }
  return due.length;
}

/** Removes the artifacts of a deleted run. */
export async function removeRunArtifacts(app: AppContext, runId: number): Promise<void> {
  for (const a of await artifactStore.listArtifactsOfRun(app.store, runId)) await deleteArtifact(app, a);
}

/** The run of an artifact (for its JSON). */
export const runOfArtifact = (app: AppContext, a: ActionArtifactRecord) => runStore.getRun(app.store, a.run_id);

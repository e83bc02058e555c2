/**
 * Who may use the artifact protocol: a running task, named by its runtime token (a JWT signed by the host whose
 * `scp` claim `Actions.Results:<run>:<job>` is what actions/upload-artifact reads) or, as older runners send, by the
 * task's own token. Signed links (upload, download) carry an HMAC over what they allow and when they expire.
 */
import { timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../context.ts';
import * as taskStore from '../../store/action-tasks.ts';
import type { ActionTaskRecord } from '../../store/action-tasks.ts';
import { isDone } from '../../store/action-runs.ts';
import { UnauthorizedError } from '../../lib/errors.ts';
import { findTaskByToken } from './tasks.ts';

const b64url = (b: Buffer | string): string => Buffer.from(b).toString('base64url');
const sameBytes = (a: Buffer, b: Buffer): boolean => a.length === b.length && timingSafeEqual(a, b);

/** The runtime token of a task (ACTIONS_RUNTIME_TOKEN), valid for a day or until the task is done. */
export function runtimeToken(app: AppContext, task: { id: number; run_id: number; job_id: number }, now = Date.now()): string {
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify({
    scp: `Actions.Results:${task.run_id}:${task.job_id}`, TaskID: task.id, RunID: task.run_id, JobID: task.job_id,
    iat: Math.floor(now / 1000), nbf: Math.floor(now / 1000) - 60, exp: Math.floor(now / 1000) + 86_400,
  }));
  return `${head}.${body}.${b64url(app.secrets.sign(`${head}.${body}`))}`;
}

/** The task id a runtime token names, or null when it is not one of ours or has expired. */
export function taskIdOfRuntimeToken(app: AppContext, token: string, now = Date.now()): number | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [head, body, sig] = parts as [string, string, string];
  if (!sameBytes(Buffer.from(sig, 'base64url'), app.secrets.sign(`${head}.${body}`))) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { TaskID?: unknown; exp?: unknown };
    if (typeof claims.TaskID !== 'number' || typeof claims.exp !== 'number' || claims.exp * 1000 < now) return null;
    return claims.TaskID;
  } catch {
    return null;
  }
}

/** The running task an `Authorization: Bearer ...` header names; 401 otherwise. */
export async function taskOfBearer(app: AppContext, header: string | undefined): Promise<ActionTaskRecord> {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!m) throw new UnauthorizedError('Bad authorization header');
  const id = taskIdOfRuntimeToken(app, m[1]!);
  const task = id !== null ? await taskStore.getTask(app.store, id) : await findTaskByToken(app, m[1]!);
  if (!task || isDone(task.status)) throw new UnauthorizedError('task not running');
  return task;
}

/** What a signed link allows. */
export interface SignedTarget { endpoint: string; artifactId: number; taskId: number }

/** The query of a signed link valid for an hour: `sig`, `expires`, `artifactID`, `taskID`. */
export function signQuery(app: AppContext, t: SignedTarget, now = Date.now()): string {
  const expires = String(Math.floor(now / 1000) + 3600);
  const sig = b64url(app.secrets.sign(`${t.endpoint}\n${expires}\n${t.taskId}\n${t.artifactId}`));
  return new URLSearchParams({ sig, expires, artifactID: String(t.artifactId), taskID: String(t.taskId) }).toString();
}

/** Checks a signed link's query for `endpoint`; answers its target (401 when forged or expired). */
export function verifyQuery(app: AppContext, endpoint: string, q: Record<string, unknown>, now = Date.now()): SignedTarget {
  const s = (k: string) => (typeof q[k] === 'string' ? q[k] : '');
  const [expires, artifactId, taskId] = [s('expires'), s('artifactID'), s('taskID')];
  if (!/^\d{1,12}$/.test(expires) || !/^\d{1,15}$/.test(artifactId) || !/^\d{1,15}$/.test(taskId)) throw new UnauthorizedError('Error unauthorized');
  const want = app.secrets.sign(`${endpoint}\n${expires}\n${taskId}\n${artifactId}`);
  if (!sameBytes(Buffer.from(s('sig'), 'base64url'), want)) throw new UnauthorizedError('Error unauthorized');
  if (Number(expires) * 1000 < now) throw new UnauthorizedError('Error link expired');
  return { endpoint, artifactId: Number(artifactId), taskId: Number(taskId) };
}

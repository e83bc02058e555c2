/** Action runners: registration through a registration token, the runner's own credentials, lists and edits by level. */
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../context.ts';
import * as runnerStore from '../../store/runners.ts';
import type { RunnerRecord } from '../../store/runners.ts';
import * as repoStore from '../../store/repos.ts';
import * as userStore from '../../store/users.ts';
import { hashToken } from '../../lib/crypto.ts';
import { NotFoundError, ServiceError } from '../../lib/errors.ts';
import { scopeOfRegistrationToken } from './runner-tokens.ts';
import { availableAt, editableAt, type RunnerLevel } from './runner-scope.ts';

/** Gitea's RunnerOfflineTime: a runner not heard from for a minute is offline. */
export const RUNNER_OFFLINE_SECONDS = 60;
/** Gitea's RunnerIdleTime: a runner that reported on a task within 10 s is active. */
export const RUNNER_IDLE_SECONDS = 10;
/** last_online is written at most this often (a polling runner calls every few seconds). */
const TOUCH_EVERY_SECONDS = 5;

export type RunnerState = 'offline' | 'idle' | 'active';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** offline / idle / active from when the runner was last heard from, as Gitea's ActionRunner.Status. */
export function runnerState(r: RunnerRecord, now = nowSeconds()): RunnerState {
  if (now - r.last_online > RUNNER_OFFLINE_SECONDS) return 'offline';
  if (now - r.last_active > RUNNER_IDLE_SECONDS) return 'idle';
  return 'active';
}

export interface RegisterInput { token: string; name: string; version: string; labels: string[]; ephemeral: boolean }

/** Registers a runner in the registration token's scope; answers the record and the runner's own token (shown once). */
export async function registerRunner(app: AppContext, input: RegisterInput): Promise<{ runner: RunnerRecord; token: string }> {
  const scope = await scopeOfRegistrationToken(app, input.token);
  if (scope.ownerId > 0 && !(await userStore.getById(app.store, scope.ownerId))) throw new ServiceError(401, 'owner of the token not found');
  if (scope.repoId > 0 && !(await repoStore.getById(app.store, scope.repoId))) throw new ServiceError(401, 'repository of the token not found');
  const token = randomBytes(20).toString('hex');
  const now = new Date().toISOString();
  const runner = await runnerStore.insert(app.store, (id) => ({
    id, uuid: randomUUID(), name: [...input.name].slice(0, 255).join(''), version: input.version.slice(0, 64),
    owner_id: scope.ownerId, repo_id: scope.repoId, token_hash: hashToken(token), labels: cleanLabels(input.labels),
    ephemeral: input.ephemeral, disabled: false, last_online: nowSeconds(), last_active: 0, created: now, updated: now,
  }));
  return { runner, token };
}

function cleanLabels(labels: string[]): string[] {
  return [...new Set(labels.map((l) => l.trim()).filter((l) => l.length > 0 && l.length <= 255))].slice(0, 64);
}

/** The runner the headers name, refused with Gitea's "unregistered runner" when the uuid or token does not match. */
export async function authenticateRunner(app: AppContext, uuid: string, token: string): Promise<RunnerRecord> {
  const r = uuid ? await runnerStore.getByUuid(app.store, uuid) : undefined;
  const want = Buffer.from(r?.token_hash ?? '', 'hex');
  const got = Buffer.from(hashToken(token), 'hex');
  if (!r || want.length !== got.length || !timingSafeEqual(want, got)) throw new ServiceError(401, 'unregistered runner');
  return r;
}

/** Records that the runner called (and, for task updates and logs, that it is working); writes at most every few seconds. */
export async function touchRunner(app: AppContext, r: RunnerRecord, active: boolean): Promise<void> {
  const now = nowSeconds();
  const stale = now - r.last_online >= TOUCH_EVERY_SECONDS || (active && now - r.last_active >= TOUCH_EVERY_SECONDS);
  if (!stale) return;
  await runnerStore.update(app.store, r.id, (x) => {
    x.last_online = now;
    if (active) x.last_active = now;
  });
}

/** Stores the version and labels a runner declares before it fetches tasks. */
export async function declareRunner(app: AppContext, r: RunnerRecord, version: string, labels: string[]): Promise<RunnerRecord> {
  const updated = await runnerStore.update(app.store, r.id, (x) => {
    x.version = version.slice(0, 64);
    x.labels = cleanLabels(labels);
    x.updated = new Date().toISOString();
  });
  if (!updated) throw new ServiceError(401, 'unregistered runner');
  return updated;
}

/** One page of the runners a level lists, optionally only (not) disabled ones. */
export function listRunners(app: AppContext, level: RunnerLevel, opts: { disabled?: boolean | undefined; page: number; limit: number }) {
  return runnerStore.query(app.store, {
    where: (r) => availableAt(level, r) && (opts.disabled === undefined || r.disabled === opts.disabled),
    page: opts.page, limit: opts.limit,
  });
}

/** The runner `id` if the level may manage it; 404 otherwise. */
export async function getRunner(app: AppContext, level: RunnerLevel, id: number): Promise<RunnerRecord> {
  const r = await runnerStore.get(app.store, id);
  if (!r || !editableAt(level, r)) throw new NotFoundError('runner not found');
  return r;
}

/** Deletes a runner the level manages. */
export async function deleteRunner(app: AppContext, level: RunnerLevel, id: number): Promise<void> {
  const r = await getRunner(app, level, id);
  await runnerStore.remove(app.store, r.id);
}

/** Disables or enables a runner the level manages (a disabled runner gets no tasks). */
export async function setRunnerDisabled(app: AppContext, level: RunnerLevel, id: number, disabled: boolean): Promise<RunnerRecord> {
  const r = await getRunner(app, level, id);
  const updated = await runnerStore.update(app.store, r.id, (x) => { x.disabled = disabled; x.updated = new Date().toISOString(); });
  if (!updated) throw new NotFoundError('runner not found');
  return updated;
}

/** The runner's record as stored now (a deleted runner is unregistered). */
export async function reloadRunner(app: AppContext, id: number): Promise<RunnerRecord> {
  const r = await runnerStore.get(app.store, id);
  if (!r) throw new ServiceError(401, 'unregistered runner');
  return r;
}

/**
 * Schedule plans (Gitea's services/actions/schedule_tasks.go and the clean-ups that cancel them). A push to the
 * default branch replaces a repository's plans from its workflows' `on.schedule`. Due plans make runs, read in
 * pages; a plan missed while the machine slept runs once, then is due again from now. Changing the default branch,
 * turning the repository's actions unit off, archiving it, or turning actions off globally cancels the repository's
 * scheduled runs that wait or run and removes its plans.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord } from '../../store/records.ts';
import type { ActionRunRecord } from '../../store/action-runs.ts';
import * as schedStore from '../../store/action-schedules.ts';
import * as runStore from '../../store/action-runs.ts';
import * as repoStore from '../../store/repos.ts';
import { ACTIONS_USER_ID } from '../user/users.ts';
import { parseSpec } from './cron.ts';
import { parseWorkflow, type Workflow } from './workflow.ts';
import type { WorkflowFile } from './workflow-files.ts';
import { cancelRun, createRun } from './runs.ts';

/** Gitea's page size for due specs. */
const PAGE = 50;
const unix = (ms: number): number => Math.floor(ms / 1000);

/** Replaces the repository's plans with those of `workflows` (read at `sha` on the default branch). */
export async function replaceSchedules(app: AppContext, repo: RepoRecord, sha: string, workflows: { file: WorkflowFile; wf: Workflow; content: string }[], now = Date.now()): Promise<void> {
  await schedStore.removeOfRepo(app.store, repo.id);
  const stamp = new Date(now).toISOString();
  for (const w of workflows.filter((x) => x.wf.schedules.length)) {
    const specs = w.wf.schedules.filter((s) => parseSpec(s) !== null);
    if (!specs.length) continue;
    const payload = { ref: `refs/heads/${repo.default_branch}`, after: sha, schedule: specs[0] };
    const sched = await schedStore.insertSchedule(app.store, (id) => ({
      id, title: w.wf.name, specs, repo_id: repo.id, owner_id: repo.owner_id, workflow_id: w.file.id, workflow_path: w.file.path,
      trigger_user_id: ACTIONS_USER_ID, ref: `refs/heads/${repo.default_branch}`, commit_sha: sha, event: 'schedule',
      event_payload: JSON.stringify(payload), content: w.content, created: stamp, updated: stamp,
    }));
    for (const spec of specs) {
      const next = parseSpec(spec)!.next(new Date(now));
      if (!next) continue;
      await schedStore.insertSpec(app.store, (id) => ({ id, repo_id: repo.id, schedule_id: sched.id, next: unix(next.getTime()), prev: 0, spec, created: stamp, updated: stamp }));
    }
  }
}

/** Cancels the repository's scheduled runs that wait or run, and removes its plans; answers the runs cancelled. */
export async function cleanupSchedules(app: AppContext, repoId: number): Promise<ActionRunRecord[]> {
  const cancelled: ActionRunRecord[] = [];
  for (const run of await runStore.listOpenScheduledRuns(app.store, repoId)) cancelled.push(await cancelRun(app, run));
  await schedStore.removeOfRepo(app.store, repoId);
  return cancelled;
}

function runnable(app: AppContext, repo: RepoRecord | undefined, workflowId: string): repo is RepoRecord {
  if (!repo || repo.is_archived || !repo.units.has_actions) return false;
  const disabled = repo.options.actions_disabled_workflows;
  return !(Array.isArray(disabled) && disabled.includes(workflowId));
}

async function start(app: AppContext, spec: schedStore.ActionScheduleSpecRecord, now: number): Promise<void> {
  const sched = await schedStore.getSchedule(app.store, spec.schedule_id);
  const repo = sched && (await repoStore.getById(app.store, sched.repo_id));
  if (sched && runnable(app, repo, sched.workflow_id)) {
    try {
      const wf = parseWorkflow(sched.content, sched.workflow_id);
      await createRun(app, {
        repo, workflow: wf, workflowId: sched.workflow_id, workflowPath: sched.workflow_path, title: sched.title, ref: sched.ref,
        sha: sched.commit_sha, event: 'schedule', triggerEvent: 'schedule', payload: JSON.parse(sched.event_payload) as Record<string, unknown>,
        triggerUserId: sched.trigger_user_id, scheduleId: sched.id,
      });
    } catch (err) {
      app.log.warn(`actions: schedule ${sched.id} failed: ${(err as Error).message}`);
    }
  }
  // Due again from now, not from the missed time: a plan missed during sleep runs once (Gitea: Next(now + 1m)).
  const next = parseSpec(spec.spec)?.next(new Date(now + 60_000));
  await schedStore.updateSpec(app.store, spec.id, (s) => {
    s.prev = s.next;
    s.next = next ? unix(next.getTime()) : Number.MAX_SAFE_INTEGER;
    s.updated = new Date(now).toISOString();
  });
}

/**
 * One pass of the schedule at `now` (ms): with actions off globally every repository's plans and scheduled runs are
 * cleaned up; otherwise every due plan starts a run. Answers how many plans were due.
 */
export async function runDueSchedules(app: AppContext, now = Date.now()): Promise<number> {
  if (!app.settings.bool('actions.ENABLED')) {
    for (const repoId of await schedStore.reposWithSchedules(app.store)) await cleanupSchedules(app, repoId);
    return 0;
  }
  let count = 0;
  for (let guard = 0; guard < 10_000; guard++) {
    const page = await schedStore.dueSpecs(app.store, unix(now), PAGE);
    if (!page.rows.length) break;
    for (const spec of page.rows) await start(app, spec, now);
    count += page.rows.length;
  }
  return count;
}

/** Subscribes the clean-ups: a default branch change, the actions unit turned off, archiving. */
export function subscribeScheduleCleanups(app: AppContext): void {
  app.bus.subscribe('repo.settings_changed', 'actions schedules', async ({ before, repo }) => {
    const branchChanged = before.default_branch !== repo.default_branch;
    const unitOff = before.units.has_actions && !repo.units.has_actions;
    if (branchChanged || unitOff || (!before.is_archived && repo.is_archived)) await cleanupSchedules(app, repo.id);
  });
  app.bus.subscribe('repo.deleted', 'actions schedules', async ({ repo }) => {
    await schedStore.removeOfRepo(app.store, repo.id);
  });
}

/** The schedule loop: a pass every minute (Gitea's `@every 1m`), the clock injectable for tests. */
export class ActionsScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  constructor(private readonly app: AppContext, private readonly now: () => number = Date.now, private readonly everyMs = 60_000) {}

  /** Starts the loop (its first pass after one period, as Gitea's RunAtStart=false). */
  start(): void {
    this.timer = setInterval(() => void this.tick(), this.everyMs);
    this.timer.unref();
  }

  /** One pass now (skipped while one runs). */
  async tick(): Promise<void> {
    if (this.running) return;
    this.running = runDueSchedules(this.app, this.now()).catch((err: unknown) => this.app.log.error('action schedule failed', { err: String(err) }));
    try {
      await this.running;
    } finally {
      this.running = null;
    }
  }

  /** Stops the loop and waits for a running pass. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }
}

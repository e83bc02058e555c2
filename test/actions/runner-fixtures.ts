/** A waiting job stored directly (as the trigger would store it), so the protocol can be tested on its own. */
import * as runStore from '../../server/store/action-runs.ts';
import { bumpTasksVersion } from '../../server/services/actions/tasks-version.ts';
import type { TestHost } from '../helpers/host.ts';

/** Stores a run with one waiting job of `workflow` for the repository and wakes runners; answers the run and job ids. */
export async function storeWaitingJob(h: TestHost, repo: { id: number; owner_id: number }, o: { sha: string; workflow: string; runsOn?: string[] }): Promise<{ runId: number; jobId: number }> {
  const now = new Date().toISOString();
  const index = (await runStore.maxRunIndex(h.app.store, repo.id)) + 1;
  const run = await runStore.insertRun(h.app.store, (id) => ({
    id, repo_id: repo.id, owner_id: repo.owner_id, index, title: 'test run', workflow_id: 'ci.yml', workflow_path: '.gitea/workflows/ci.yml',
    trigger_user_id: 1, schedule_id: 0, ref: 'refs/heads/main', commit_sha: o.sha, event: 'push', trigger_event: 'push', event_payload: '{}',
    is_fork_pull_request: false, status: 'waiting', attempt: 1, started: null, stopped: null, created: now, updated: now,
  }));
  const job = await runStore.insertJob(h.app.store, (id) => ({
    id, run_id: run.id, repo_id: repo.id, owner_id: repo.owner_id, commit_sha: o.sha, is_fork_pull_request: false, name: 'build', job_id: 'build',
    attempt: 1, workflow_payload: o.workflow, needs: [], runs_on: o.runsOn ?? ['ubuntu-latest'], if_expr: '', matrix: {}, task_id: 0,
    status: 'waiting', started: null, stopped: null, created: now, updated: now,
  }));
  bumpTasksVersion(h.app, repo.owner_id, repo.id);
  return { runId: run.id, jobId: job.id };
}

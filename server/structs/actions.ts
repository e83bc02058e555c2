/** Gitea's Actions shapes: workflow runs, jobs, steps, tasks, workflows, artifacts, dispatch. */
import { z } from 'zod';
import { dateTime, int } from './common.ts';
import { User } from './user.ts';
import { Repository } from './repo.ts';

/** Gitea's `ActionWorkflowStep`. */
export const ActionWorkflowStep = z.strictObject({
  name: z.string(),
  number: int,
  status: z.string(),
  conclusion: z.string().optional(),
  started_at: dateTime,
  completed_at: dateTime,
}).meta({ id: 'ActionWorkflowStep' });

/** Gitea's `ActionWorkflowJob`. */
export const ActionWorkflowJob = z.strictObject({
  id: int,
  url: z.string(),
  html_url: z.string(),
  run_id: int,
  run_url: z.string(),
  name: z.string(),
  labels: z.array(z.string()),
  run_attempt: int,
  head_sha: z.string(),
  head_branch: z.string(),
  status: z.string(),
  conclusion: z.string().optional(),
  runner_id: int.optional(),
  runner_name: z.string().optional(),
  steps: z.array(ActionWorkflowStep),
  created_at: dateTime,
  started_at: dateTime,
  completed_at: dateTime,
}).meta({ id: 'ActionWorkflowJob' });
export type ActionWorkflowJob = z.infer<typeof ActionWorkflowJob>;

/** Gitea's `ActionWorkflowRun`. */
export const ActionWorkflowRun = z.strictObject({
  id: int,
  url: z.string(),
  html_url: z.string(),
  display_title: z.string(),
  path: z.string(),
  event: z.string(),
  run_attempt: int,
  run_number: int,
  repository_id: int,
  head_sha: z.string(),
  head_branch: z.string(),
  status: z.string(),
  conclusion: z.string().optional(),
  actor: User.nullable(),
  trigger_actor: User.nullable(),
  repository: Repository,
  started_at: dateTime,
  completed_at: dateTime,
}).meta({ id: 'ActionWorkflowRun' });
export type ActionWorkflowRun = z.infer<typeof ActionWorkflowRun>;

/** Gitea's `ActionWorkflowRunsResponse`. */
export const ActionWorkflowRunsResponse = z.strictObject({ workflow_runs: z.array(ActionWorkflowRun), total_count: int }).meta({ id: 'ActionWorkflowRunsResponse' });
/** Gitea's `ActionWorkflowJobsResponse`. */
export const ActionWorkflowJobsResponse = z.strictObject({ jobs: z.array(ActionWorkflowJob), total_count: int }).meta({ id: 'ActionWorkflowJobsResponse' });

/** Gitea's `ActionWorkflow`. */
export const ActionWorkflow = z.strictObject({
  id: z.string(),
  name: z.string(),
  path: z.string(),
  state: z.string(),
  created_at: dateTime,
  updated_at: dateTime,
  url: z.string(),
  html_url: z.string(),
  badge_url: z.string(),
}).meta({ id: 'ActionWorkflow' });
export type ActionWorkflow = z.infer<typeof ActionWorkflow>;
/** Gitea's `ActionWorkflowResponse`. */
export const ActionWorkflowResponse = z.strictObject({ workflows: z.array(ActionWorkflow), total_count: int }).meta({ id: 'ActionWorkflowResponse' });

/** Gitea's `ActionTask`. */
export const ActionTask = z.strictObject({
  id: int,
  name: z.string(),
  head_branch: z.string(),
  head_sha: z.string(),
  run_number: int,
  event: z.string(),
  display_title: z.string(),
  status: z.string(),
  workflow_id: z.string(),
  url: z.string(),
  created_at: dateTime,
  updated_at: dateTime,
  run_started_at: dateTime,
}).meta({ id: 'ActionTask' });
export type ActionTask = z.infer<typeof ActionTask>;
/** Gitea's `ActionTaskResponse` (its list is named workflow_runs, as Gitea names it). */
export const ActionTaskResponse = z.strictObject({ workflow_runs: z.array(ActionTask), total_count: int }).meta({ id: 'ActionTaskResponse' });

/** Gitea's `ActionArtifact`. */
export const ActionArtifact = z.strictObject({
  id: int,
  name: z.string(),
  size_in_bytes: int,
  url: z.string(),
  archive_download_url: z.string(),
  expired: z.boolean(),
  workflow_run: z.unknown().optional(),
  created_at: dateTime,
  updated_at: dateTime,
  expires_at: dateTime,
}).meta({ id: 'ActionArtifact' });
/** Gitea's `ActionArtifactsResponse`. */
export const ActionArtifactsResponse = z.strictObject({ artifacts: z.array(ActionArtifact), total_count: int }).meta({ id: 'ActionArtifactsResponse' });

/** Gitea's `CreateActionWorkflowDispatch`. */
export const CreateActionWorkflowDispatch = z.object({
  ref: z.string().min(1).max(255),
  inputs: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
}).meta({ id: 'CreateActionWorkflowDispatch' });
export type CreateActionWorkflowDispatch = z.infer<typeof CreateActionWorkflowDispatch>;

/** Gitea's `RunDetails`. */
export const RunDetails = z.strictObject({ workflow_run_id: int, run_url: z.string(), html_url: z.string() }).meta({ id: 'RunDetails' });

/** The run list's filters (Gitea's getWorkflowRuns query). */
export const RunListQuery = z.object({
  event: z.string().max(100).optional(),
  branch: z.string().max(255).optional(),
  status: z.string().max(40).optional(),
  actor: z.string().max(255).optional(),
  head_sha: z.string().max(64).optional(),
  exclude_pull_requests: z.string().optional(),
});

/** The job list's filter. */
export const JobListQuery = z.object({ status: z.string().max(40).optional() });

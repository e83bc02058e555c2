/** Actions runs, jobs, logs, tasks and artifacts (Gitea's routers/api/v1/repo/action.go). */
import { route } from '../../router/route.ts';
import { json, noContent, setPageHeaders } from '../../router/respond.ts';
import { repoOf } from '../../guards/access.ts';
import { ActionArtifactsResponse, ActionTaskResponse, ActionWorkflowJob, ActionWorkflowJobsResponse, ActionWorkflowRun, ActionWorkflowRunsResponse, JobListQuery, RunListQuery } from '../../../structs/actions.ts';
import { getJob, getRun, jobLog, listJobs, listRuns, listTasks, taskParts } from '../../../services/actions/queries.ts';
import { deleteRun, rerunRun } from '../../../services/actions/runs.ts';
import { toActionTask } from '../../../convert/actions.ts';
import { NotFoundError } from '../../../lib/errors.ts';
import { actionsRead, actionsWrite, idParam, jobsJson, runsJson } from './action-helpers.ts';

const R = '/repos/:owner/:repo/actions';

export const actionRoutes = [
  route({
    method: 'get', path: `${R}/runs`, operationId: 'getWorkflowRuns', access: 'public', scope: 'repository', query: RunListQuery, response: ActionWorkflowRunsResponse, guards: actionsRead,
    handler: async (ctx) => {
      const q = ctx.query;
      const page = await listRuns(ctx.app, repoOf(ctx).repo, { event: q.event, branch: q.branch, status: q.status, actor: q.actor, headSha: q.head_sha }, ctx.paging);
      setPageHeaders(ctx, page.total);
      json(ctx, 200, { workflow_runs: await runsJson(ctx, page.rows), total_count: page.total });
    },
  }),
  route({
    method: 'get', path: `${R}/runs/:run`, operationId: 'GetWorkflowRun', access: 'public', scope: 'repository', response: ActionWorkflowRun, guards: actionsRead,
    handler: async (ctx) => {
      json(ctx, 200, (await runsJson(ctx, [await getRun(ctx.app, repoOf(ctx).repo, idParam(ctx, 'run'))]))[0]);
    },
  }),
  route({
    method: 'delete', path: `${R}/runs/:run`, operationId: 'deleteActionRun', access: 'signed-in', scope: 'repository', status: 204, guards: actionsWrite,
    handler: async (ctx) => {
      await deleteRun(ctx.app, await getRun(ctx.app, repoOf(ctx).repo, idParam(ctx, 'run')));
      noContent(ctx);
    },
  }),
  route({
    method: 'post', path: `${R}/runs/:run/rerun`, operationId: 'rerunWorkflowRun', access: 'signed-in', scope: 'repository', status: 201, response: ActionWorkflowRun, guards: actionsWrite,
    handler: async (ctx) => {
      const run = await rerunRun(ctx.app, await getRun(ctx.app, repoOf(ctx).repo, idParam(ctx, 'run')));
      json(ctx, 201, (await runsJson(ctx, [run]))[0]);
    },
  }),
  route({
    method: 'post', path: `${R}/runs/:run/rerun-failed-jobs`, operationId: 'rerunFailedWorkflowRun', access: 'signed-in', scope: 'repository', status: 201, guards: actionsWrite,
    handler: async (ctx) => {
      await rerunRun(ctx.app, await getRun(ctx.app, repoOf(ctx).repo, idParam(ctx, 'run')), (j) => j.status === 'failure' || j.status === 'cancelled');
      json(ctx, 201, {});
    },
  }),
  route({
    method: 'post', path: `${R}/runs/:run/jobs/:job_id/rerun`, operationId: 'rerunWorkflowJob', access: 'signed-in', scope: 'repository', status: 201, response: ActionWorkflowJob, guards: actionsWrite,
    handler: async (ctx) => {
      const run = await getRun(ctx.app, repoOf(ctx).repo, idParam(ctx, 'run'));
      const job = await getJob(ctx.app, repoOf(ctx).repo, idParam(ctx, 'job_id'));
      if (job.run_id !== run.id) throw new NotFoundError('job not found');
      await rerunRun(ctx.app, run, (j) => j.id === job.id);
      json(ctx, 201, (await jobsJson(ctx, [await getJob(ctx.app, repoOf(ctx).repo, job.id)]))[0]);
    },
  }),
  route({
    method: 'get', path: `${R}/runs/:run/jobs`, operationId: 'listWorkflowRunJobs', access: 'public', scope: 'repository', query: JobListQuery, response: ActionWorkflowJobsResponse, guards: actionsRead,
    handler: async (ctx) => {
      const run = await getRun(ctx.app, repoOf(ctx).repo, idParam(ctx, 'run'));
      const page = await listJobs(ctx.app, repoOf(ctx).repo, run.id, ctx.query.status, ctx.paging);
      setPageHeaders(ctx, page.total);
      json(ctx, 200, { jobs: await jobsJson(ctx, page.rows), total_count: page.total });
    },
  }),
  route({
    method: 'get', path: `${R}/jobs`, operationId: 'listWorkflowJobs', access: 'public', scope: 'repository', query: JobListQuery, response: ActionWorkflowJobsResponse, guards: actionsRead,
    handler: async (ctx) => {
      const page = await listJobs(ctx.app, repoOf(ctx).repo, null, ctx.query.status, ctx.paging);
      setPageHeaders(ctx, page.total);
      json(ctx, 200, { jobs: await jobsJson(ctx, page.rows), total_count: page.total });
    },
  }),
  route({
    method: 'get', path: `${R}/jobs/:job_id`, operationId: 'getWorkflowJob', access: 'public', scope: 'repository', response: ActionWorkflowJob, guards: actionsRead,
    handler: async (ctx) => {
      json(ctx, 200, (await jobsJson(ctx, [await getJob(ctx.app, repoOf(ctx).repo, idParam(ctx, 'job_id'))]))[0]);
    },
  }),
  route({
    method: 'get', path: `${R}/jobs/:job_id/logs`, operationId: 'downloadActionsRunJobLogs', access: 'public', scope: 'repository', status: 200, guards: actionsRead,
    handler: async (ctx) => {
      const text = await jobLog(ctx.app, await getJob(ctx.app, repoOf(ctx).repo, idParam(ctx, 'job_id')));
      ctx.res.status(200).setHeader('Content-Type', 'text/plain; charset=utf-8');
      ctx.res.setHeader('X-Content-Type-Options', 'nosniff');
      ctx.res.end(text);
    },
  }),
  route({
    method: 'get', path: `${R}/tasks`, operationId: 'ListActionTasks', access: 'public', scope: 'repository', response: ActionTaskResponse, guards: actionsRead,
    handler: async (ctx) => {
      const { repo, owner } = repoOf(ctx);
      const page = await listTasks(ctx.app, repo, ctx.paging);
      const rows = (await taskParts(ctx.app, page.rows)).map((p) => toActionTask(p.task, { job: p.job, run: p.run, owner, repo, baseUrl: ctx.baseUrl }));
      setPageHeaders(ctx, page.total);
      json(ctx, 200, { workflow_runs: rows, total_count: page.total });
    },
  }),
  route({
    method: 'get', path: `${R}/artifacts`, operationId: 'getArtifacts', access: 'public', scope: 'repository', response: ActionArtifactsResponse, guards: actionsRead,
    handler: (ctx) => { json(ctx, 200, { artifacts: [], total_count: 0 }); },
  }),
  route({
    method: 'get', path: `${R}/runs/:run/artifacts`, operationId: 'getArtifactsOfRun', access: 'public', scope: 'repository', response: ActionArtifactsResponse, guards: actionsRead,
    handler: async (ctx) => {
      await getRun(ctx.app, repoOf(ctx).repo, idParam(ctx, 'run'));
      json(ctx, 200, { artifacts: [], total_count: 0 });
    },
  }),
];

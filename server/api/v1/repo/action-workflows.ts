/** The repository's workflows: list, get, enable, disable, dispatch, and their runs (Gitea's ActionsListRepositoryWorkflows, ...). */
import { z } from 'zod';
import { route } from '../../router/route.ts';
import { json, noContent, setPageHeaders } from '../../router/respond.ts';
import { repoOf } from '../../guards/access.ts';
import { ActionWorkflow, ActionWorkflowResponse, ActionWorkflowRunsResponse, CreateActionWorkflowDispatch, RunDetails, RunListQuery } from '../../../structs/actions.ts';
import { dispatchWorkflow, getWorkflow, listWorkflows, setWorkflowEnabled } from '../../../services/actions/workflows.ts';
import { listRuns } from '../../../services/actions/queries.ts';
import { runUrls, toActionWorkflow } from '../../../convert/actions.ts';
import { actionsRead, actionsWrite, runsJson } from './action-helpers.ts';

const W = '/repos/:owner/:repo/actions/workflows';
const DispatchQuery = z.object({ return_run_details: z.string().optional(), scoped_workflow_source_repo_id: z.string().optional() });

export const actionWorkflowRoutes = [
  route({
    method: 'get', path: W, operationId: 'ActionsListRepositoryWorkflows', access: 'signed-in', scope: 'repository', response: ActionWorkflowResponse, guards: actionsRead,
    handler: async (ctx) => {
      const { repo, owner } = repoOf(ctx);
      const list = await listWorkflows(ctx.app, repo);
      json(ctx, 200, { workflows: list.map((w) => toActionWorkflow(w, owner, repo, ctx.baseUrl)), total_count: list.length });
    },
  }),
  route({
    method: 'get', path: `${W}/:workflow_id`, operationId: 'ActionsGetWorkflow', access: 'signed-in', scope: 'repository', response: ActionWorkflow, guards: actionsRead,
    handler: async (ctx) => {
      const { repo, owner } = repoOf(ctx);
      json(ctx, 200, toActionWorkflow(await getWorkflow(ctx.app, repo, ctx.params.workflow_id ?? ''), owner, repo, ctx.baseUrl));
    },
  }),
  route({
    method: 'put', path: `${W}/:workflow_id/disable`, operationId: 'ActionsDisableWorkflow', access: 'signed-in', scope: 'repository', status: 204, guards: actionsWrite,
    handler: async (ctx) => {
      await setWorkflowEnabled(ctx.app, repoOf(ctx).repo, ctx.params.workflow_id ?? '', false);
      noContent(ctx);
    },
  }),
  route({
    method: 'put', path: `${W}/:workflow_id/enable`, operationId: 'ActionsEnableWorkflow', access: 'signed-in', scope: 'repository', status: 204, guards: actionsWrite,
    handler: async (ctx) => {
      await setWorkflowEnabled(ctx.app, repoOf(ctx).repo, ctx.params.workflow_id ?? '', true);
      noContent(ctx);
    },
  }),
  route({
    method: 'post', path: `${W}/:workflow_id/dispatches`, operationId: 'ActionsDispatchWorkflow', access: 'signed-in', scope: 'repository', body: CreateActionWorkflowDispatch,
    query: DispatchQuery, response: RunDetails, status: 204, alsoStatus: [200], guards: actionsWrite,
    handler: async (ctx) => {
      const { repo, owner } = repoOf(ctx);
      const run = await dispatchWorkflow(ctx.app, repo, owner, ctx.doer!, ctx.params.workflow_id ?? '', ctx.body.ref, ctx.body.inputs ?? {});
      if (ctx.query.return_run_details !== 'true') return noContent(ctx);
      const urls = runUrls(owner, repo, run, ctx.baseUrl);
      json(ctx, 200, { workflow_run_id: run.id, run_url: urls.api, html_url: urls.html });
    },
  }),
  route({
    method: 'get', path: `${W}/:workflow_id/runs`, operationId: 'ActionsListWorkflowRuns', access: 'public', scope: 'repository', query: RunListQuery, response: ActionWorkflowRunsResponse, guards: actionsRead,
    handler: async (ctx) => {
      const q = ctx.query;
      const page = await listRuns(ctx.app, repoOf(ctx).repo, { workflowId: ctx.params.workflow_id, event: q.event, branch: q.branch, status: q.status, actor: q.actor, headSha: q.head_sha }, ctx.paging);
      setPageHeaders(ctx, page.total);
      json(ctx, 200, { workflow_runs: await runsJson(ctx, page.rows), total_count: page.total });
    },
  }),
];

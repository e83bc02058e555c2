/** Actions artifacts (Gitea's routers/api/v1/repo/action.go): lists, one, delete, and its zip through a signed link. */
import { route } from '../../router/route.ts';
import type { ApiContext } from '../../router/context.ts';
import { json, noContent, setPageHeaders } from '../../router/respond.ts';
import { repoOf } from '../../guards/access.ts';
import { ActionArtifact, ActionArtifactsResponse, ArtifactListQuery } from '../../../structs/actions.ts';
import { getRun } from '../../../services/actions/queries.ts';
import { getArtifact, listArtifacts, removeArtifact } from '../../../services/actions/artifact-queries.ts';
import { signQuery } from '../../../services/actions/artifact-auth.ts';
import { toActionArtifact } from '../../../convert/action-artifacts.ts';
import type { ActionArtifactRecord } from '../../../store/action-artifacts.ts';
import { NotFoundError } from '../../../lib/errors.ts';
import { actionsRead, actionsWrite, idParam } from './action-helpers.ts';

const R = '/repos/:owner/:repo/actions';

function artifactsJson(ctx: ApiContext<unknown, unknown>, rows: ActionArtifactRecord[]) {
  const { owner, repo } = repoOf(ctx);
  return rows.map((a) => toActionArtifact(a, owner, repo, ctx.baseUrl));
}

export const actionArtifactRoutes = [
  route({
    method: 'get', path: `${R}/artifacts`, operationId: 'getArtifacts', access: 'public', scope: 'repository', query: ArtifactListQuery, response: ActionArtifactsResponse, guards: actionsRead,
    handler: async (ctx) => {
      const page = await listArtifacts(ctx.app, repoOf(ctx).repo, { name: ctx.query.name }, ctx.paging);
      setPageHeaders(ctx, page.total);
      json(ctx, 200, { artifacts: artifactsJson(ctx, page.rows), total_count: page.total });
    },
  }),
  route({
    method: 'get', path: `${R}/runs/:run/artifacts`, operationId: 'getArtifactsOfRun', access: 'public', scope: 'repository', query: ArtifactListQuery, response: ActionArtifactsResponse, guards: actionsRead,
    handler: async (ctx) => {
      const run = await getRun(ctx.app, repoOf(ctx).repo, idParam(ctx, 'run'));
      const page = await listArtifacts(ctx.app, repoOf(ctx).repo, { runId: run.id, name: ctx.query.name }, ctx.paging);
      setPageHeaders(ctx, page.total);
      json(ctx, 200, { artifacts: artifactsJson(ctx, page.rows), total_count: page.total });
    },
  }),
  route({
    method: 'get', path: `${R}/artifacts/:artifact_id`, operationId: 'getArtifact', access: 'public', scope: 'repository', response: ActionArtifact, guards: actionsRead,
    handler: async (ctx) => {
      json(ctx, 200, artifactsJson(ctx, [await getArtifact(ctx.app, repoOf(ctx).repo, idParam(ctx, 'artifact_id'))])[0]);
    },
  }),
  route({
    method: 'delete', path: `${R}/artifacts/:artifact_id`, operationId: 'deleteArtifact', access: 'signed-in', scope: 'repository', status: 204, guards: actionsWrite,
    handler: async (ctx) => {
      await removeArtifact(ctx.app, repoOf(ctx).repo, idParam(ctx, 'artifact_id'));
      noContent(ctx);
    },
  }),
  route({
    method: 'get', path: `${R}/artifacts/:artifact_id/zip`, operationId: 'downloadArtifact', access: 'public', scope: 'repository', status: 302, guards: actionsRead,
    handler: async (ctx) => {
      const { owner, repo } = repoOf(ctx);
      const a = await getArtifact(ctx.app, repo, idParam(ctx, 'artifact_id'));
      // Gitea answers an expired artifact with 404 ("artifact has expired").
      if (a.status !== 'confirmed') throw new NotFoundError('artifact has expired');
      const q = signQuery(ctx.app, { endpoint: 'zip', artifactId: a.id, taskId: 0 });
      ctx.res.redirect(302, `${ctx.baseUrl}/api/v1/repos/${encodeURIComponent(owner.name)}/${encodeURIComponent(repo.name)}/actions/artifacts/${a.id}/zip/raw?${q}`);
    },
  }),
];

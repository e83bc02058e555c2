/** Merging a pull request (Gitea's MergePullRequest, IsPullRequestMerged, CancelScheduledAutoMerge) and updating its branch. */
import { route } from '../../router/route.ts';
import { noContent } from '../../router/respond.ts';
import { repoOf } from '../../guards/access.ts';
import { NotFoundError } from '../../../lib/errors.ts';
import { MergePullRequestOption, PullUpdateQuery } from '../../../structs/pull.ts';
import { getPull } from '../../../services/pull/pulls.ts';
import { cancelAutoMerge, mergePull } from '../../../services/pull/merge.ts';
import { markManuallyMerged } from '../../../services/pull/manual-merge.ts';
import { updatePullBranch } from '../../../services/pull/update.ts';
import { eventBaseUrl } from '../../../services/repository/payloads.ts';
import { indexOf, scopeOf } from './issue-helpers.ts';
import { pullsMerge, pullsRead } from './pull-helpers.ts';

const R = '/repos/:owner/:repo/pulls/:index';

export const pullMergeRoutes = [
  route({
    method: 'get', path: `${R}/merge`, operationId: 'repoPullRequestIsMerged', access: 'public', scope: 'repository', status: 204, guards: pullsRead,
    handler: async (ctx) => {
      const p = await getPull(ctx.app, repoOf(ctx).repo.id, indexOf(ctx));
      if (!p.pr.has_merged) throw new NotFoundError('pull request is not merged');
      noContent(ctx);
    },
  }),
  route({
    method: 'post', path: `${R}/merge`, operationId: 'repoMergePullRequest', access: 'signed-in', scope: 'repository', body: MergePullRequestOption, status: 200, guards: pullsMerge,
    handler: async (ctx) => {
      const b = ctx.body;
      const style = (b.Do ?? b.do)!;
      if (style === 'manually-merged') {
        await markManuallyMerged(ctx.app, scopeOf(ctx), indexOf(ctx), b.MergeCommitID ?? b.merge_commit_id ?? '');
        ctx.res.status(200).end();
        return;
      }
      const r = await mergePull(ctx.app, scopeOf(ctx), indexOf(ctx), {
        style, title: b.MergeTitleField ?? b.merge_title_field, message: b.MergeMessageField ?? b.merge_message_field, headCommitId: b.head_commit_id,
        deleteBranch: b.delete_branch_after_merge, whenChecksSucceed: b.merge_when_checks_succeed, force: b.force_merge,
      }, eventBaseUrl(ctx.app, ctx.baseUrl));
      ctx.res.status(r.scheduled ? 201 : 200).end();
    },
  }),
  route({
    method: 'delete', path: `${R}/merge`, operationId: 'repoCancelScheduledAutoMerge', access: 'signed-in', scope: 'repository', status: 204, guards: pullsMerge,
    handler: async (ctx) => {
      await cancelAutoMerge(ctx.app, scopeOf(ctx), indexOf(ctx));
      noContent(ctx);
    },
  }),
  route({
    method: 'post', path: `${R}/update`, operationId: 'repoUpdatePullRequest', access: 'signed-in', scope: 'repository', query: PullUpdateQuery, status: 200, guards: pullsMerge,
    handler: async (ctx) => {
      await updatePullBranch(ctx.app, scopeOf(ctx), indexOf(ctx), ctx.query.style ?? 'merge', eventBaseUrl(ctx.app, ctx.baseUrl));
      ctx.res.status(200).end();
    },
  }),
];

/** A commit as the API answers it, with the flags Gitea reads from the query (verification, files, stat). */
import type { ApiContext } from '../../router/context.ts';
import { toCommit } from '../../../convert/commit.ts';
import type { CommitView } from '../../../services/repository/commits.ts';
import { flag, linksOf } from './http-helpers.ts';

/** Converts one commit view for the guarded repository. */
export function commitJson(ctx: ApiContext<unknown, unknown>, v: CommitView) {
  const verification = flag(ctx, 'verification');
  return toCommit(v.commit, {
    links: linksOf(ctx), baseUrl: ctx.baseUrl, viewer: ctx.doer, authorUser: v.authorUser, committerUser: v.committerUser,
    verification, changes: v.changes, files: flag(ctx, 'files'), stat: flag(ctx, 'stat'),
  });
}

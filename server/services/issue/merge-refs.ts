/**
 * A merged pull request closes or reopens the issues its text named with a keyword (`fixes #n` in its title,
 * body or comments, recorded as `pull_ref`/`comment_ref` events with their action): Gitea's merge step that runs
 * ResolveCrossReferences and changes each issue's state with the merge commit, letting blocked issues stay open.
 */
import type { AppContext } from '../context.ts';
import type { DomainEvents } from '../events/domain.ts';
import * as issueStore from '../../store/issues.ts';
import * as repoStore from '../../store/repos.ts';
import * as userStore from '../../store/users.ts';
import { ServiceError } from '../../lib/errors.ts';
import { repoPermission } from '../permission/permissions.ts';
import { resolvingReferences } from './references.ts';
import { setState } from './issues.ts';

/** Applies the merged pull request's closing and reopening references. */
export async function resolveMergedReferences(app: AppContext, e: DomainEvents['pull.merged']): Promise<void> {
  for (const ref of await resolvingReferences(app, e.issue)) {
    const repo = await repoStore.getById(app.store, ref.repo_id);
    const owner = repo ? await userStore.getById(app.store, repo.owner_id) : undefined;
    const issue = repo ? await issueStore.get(app.store, repo.id, ref.issue_index) : undefined;
    if (!repo || !owner || !issue || issue.is_pull) continue;
    const state = ref.meta?.ref_action === 'closes' ? 'closed' : 'open';
    if ((state === 'closed') === issue.is_closed) continue;
    try {
      await setState(app, { repo, owner, perm: await repoPermission(app, e.doer, repo, owner), doer: e.doer }, issue, state, e.pull.merged_sha ?? '');
    } catch (err) {
      if (!(err instanceof ServiceError && err.status === 412)) throw err;
    }
  }
}

/** Subscribes the closing references to merges. */
export function subscribeMergeReferences(app: AppContext): void {
  app.bus.subscribe('pull.merged', 'issue-merge-refs', (e) => resolveMergedReferences(app, e));
}

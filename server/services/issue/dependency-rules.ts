/** Gitea's closing rule for dependencies: an issue with open blockers cannot be closed. */
import type { AppContext } from '../context.ts';
import type { IssueRecord } from '../../store/issues.ts';
import * as issueStore from '../../store/issues.ts';
import * as depStore from '../../store/issue-dependencies.ts';
import { ServiceError } from '../../lib/errors.ts';

/** Refuses closing an issue blocked by open issues with Gitea's 412 (IsErrDependenciesLeft). */
export async function assertNoOpenBlockers(app: AppContext, issue: IssueRecord): Promise<void> {
  for (const d of await depStore.blockersOf(app.store, issue.id)) {
    const b = await issueStore.get(app.store, d.dep_repo_id, d.dep_index);
    if (b && !b.is_closed) throw new ServiceError(412, 'cannot close issue because it has open dependencies');
  }
}

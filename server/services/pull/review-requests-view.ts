/** Who was asked to review a pull request, as its API answer shows them (`requested_reviewers`, `_teams`). */
import type { AppContext } from '../context.ts';
import type { UserRecord } from '../../store/records.ts';
import type { TeamRecord } from '../../store/teams.ts';
import type { PullRecord } from '../../store/pulls.ts';
import { requestedOf } from '../review/requests.ts';

/** The users and teams whose review of `pr` is requested now. */
export async function requestedReviewersOf(ctx: AppContext, pr: PullRecord): Promise<{ users: UserRecord[]; teams: TeamRecord[] }> {
  return requestedOf(ctx, pr.repo_id, pr.index);
}

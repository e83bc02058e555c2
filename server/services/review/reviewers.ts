/** Who may be asked to review a repository's pull requests (Gitea's GetReviewers). */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import { atLeast, unitMode } from '../permission/permissions.ts';
import { repoPeople } from '../repository/people.ts';

/**
 * The owner, organization members and collaborators who can read pull requests, and for a public repository of
 * a visible owner its watchers too, as `viewer` may see them, by name.
 */
export async function listReviewers(app: AppContext, repo: RepoRecord, owner: UserRecord, viewer: UserRecord | null): Promise<UserRecord[]> {
  const watchers = !repo.is_private && owner.visibility !== 'private';
  const people = await repoPeople(app, repo, owner, viewer, { watchers });
  return people.filter((p) => atLeast(unitMode(p.perm, 'repo.pulls'), 'read')).map((p) => p.user);
}

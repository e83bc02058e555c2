/** Who may be assigned to a repository's issues and pull requests (Gitea's GetRepoAssignees and CanBeAssigned). */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as userStore from '../../store/users.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { repoPermission } from '../permission/permissions.ts';
import { repoPeople } from '../repository/people.ts';
import { canWriteIssues } from './view.ts';

/** True when `user` may be assigned: an individual who can write the repository's issues. */
export async function canBeAssigned(app: AppContext, repo: RepoRecord, owner: UserRecord, user: UserRecord): Promise<boolean> {
  return user.type === 'individual' && canWriteIssues(await repoPermission(app, user, repo, owner));
}

/** The owner, organization members and collaborators who can write issues, as `viewer` may see them, by name. */
export async function listAssignees(app: AppContext, repo: RepoRecord, owner: UserRecord, viewer: UserRecord | null): Promise<UserRecord[]> {
  const people = await repoPeople(app, repo, owner, viewer, { watchers: false });
  return people.filter((p) => canWriteIssues(p.perm)).map((p) => p.user);
}

/** Throws 404 unless the user named exists and may be assigned (GET /repos/{owner}/{repo}/assignees/{assignee}). */
export async function requireAssignable(app: AppContext, repo: RepoRecord, owner: UserRecord, name: string): Promise<void> {
  const user = await userStore.getByName(app.store, name);
  if (!user) throw new NotFoundError(`user does not exist [name: ${name}]`);
  if (!(await canBeAssigned(app, repo, owner, user))) throw new NotFoundError(`user [${name}] can not be assigned to issues of this repository`);
}

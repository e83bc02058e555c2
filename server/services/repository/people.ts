/**
 * The people around a repository that Gitea offers as assignees and reviewers: its owner (a user) or the members
 * of its organization, its collaborators and, when asked, its watchers. Callers filter them by permission.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import * as collaboratorStore from '../../store/collaborators.ts';
import * as orgMemberStore from '../../store/org-members.ts';
import * as watchStore from '../../store/watches.ts';
import * as userStore from '../../store/users.ts';
import { ownerVisible, repoPermission, type Permission } from '../permission/permissions.ts';

/** Active individual users around the repository that `viewer` may see, with their permission on it, sorted by name. */
export async function repoPeople(
  app: AppContext, repo: RepoRecord, owner: UserRecord, viewer: UserRecord | null, o: { watchers: boolean },
): Promise<{ user: UserRecord; perm: Permission }[]> {
  const ids = new Set<number>();
  if (owner.type === 'organization') for (const m of await orgMemberStore.listByOrg(app.store, owner.id)) ids.add(m.uid);
  else ids.add(owner.id);
  for (const c of await collaboratorStore.listByRepo(app.store, repo.id)) ids.add(c.uid);
  if (o.watchers) for (const w of await watchStore.listByRepo(app.store, repo.id)) ids.add(w.user_id);
  const out: { user: UserRecord; perm: Permission }[] = [];
  for (const id of ids) {
    const user = await userStore.getById(app.store, id);
    if (!user || user.type !== 'individual' || !user.is_active || user.prohibit_login) continue;
    if (!(await ownerVisible(app, user, viewer))) continue;
    out.push({ user, perm: await repoPermission(app, user, repo, owner) });
  }
  return out.sort((a, b) => (a.user.lower_name < b.user.lower_name ? -1 : a.user.lower_name > b.user.lower_name ? 1 : 0));
}

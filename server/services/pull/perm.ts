/** A user's permission in a repository, for pull-request work done on their behalf (pushes, auto-merges). */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import { repoPermission, type Permission } from '../permission/permissions.ts';

/** The permission of `user` in `repo`. */
export const permissionOf = (app: AppContext, user: UserRecord | null, repo: RepoRecord): Promise<Permission> => repoPermission(app, user, repo);

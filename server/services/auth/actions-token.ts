/**
 * The token a running action task is handed (GITEA_TOKEN, `github.token`), accepted as a credential the way Gitea
 * does (services/auth: GetRunningTaskByToken, then user_model.NewActionsUser with IsActionsToken/ActionsTaskID). The
 * request acts as the `gitea-actions` pseudo user (id -2), and the permission function gives it the task's
 * repository only: write for a task of the repository, read for a fork's pull request, nothing elsewhere (Gitea's
 * GetActionsUserRepoPermission and httpBase's EnvActionPerm). The token stops counting when its task is done.
 */
import type { AppContext } from '../context.ts';
import type { UserRecord } from '../../store/records.ts';
import * as taskStore from '../../store/action-tasks.ts';
import { hashToken } from '../../lib/crypto.ts';

/** Gitea's ActionsUserID and names. */
export const ACTIONS_USER_ID = -2;
export const ACTIONS_USER_NAME = 'gitea-actions';

/** The task behind an actions-token request. */
export interface ActionsTaskGrant {
  taskId: number;
  repoId: number;
  isForkPullRequest: boolean;
}

const grants = new WeakMap<UserRecord, ActionsTaskGrant>();
const DONE = new Set(['success', 'failure', 'cancelled', 'skipped']);

/** Gitea's NewActionsUser, one object per request so the grant travels with it. */
function actionsUser(): UserRecord {
  const epoch = new Date(0).toISOString();
  return {
    id: ACTIONS_USER_ID, type: 'individual', name: ACTIONS_USER_NAME, lower_name: ACTIONS_USER_NAME, full_name: 'Gitea Actions',
    email: 'teabot@gitea.io', passwd: '', login_source: 0, login_name: ACTIONS_USER_NAME, is_admin: false, is_active: true,
    prohibit_login: false, restricted: false, must_change_password: false, visibility: 'public', website: '', location: '',
    description: '', language: '', max_repo_creation: 0, allow_create_organization: false, allow_git_hook: false,
    allow_import_local: false, created: epoch, updated: epoch, last_login: null, totp_secret: null, totp_last_step: 0, hide_email: true,
  };
}

/** The actions user for a running task's token, or undefined when the value is no such token. */
export async function actionsTokenUser(app: AppContext, value: string): Promise<UserRecord | undefined> {
  const v = value.trim();
  if (!/^[0-9a-f]{40}$/.test(v)) return undefined;
  const task = await taskStore.getTaskByTokenHash(app.store, hashToken(v));
  if (!task || DONE.has(task.status)) return undefined;
  const user = actionsUser();
  grants.set(user, { taskId: task.id, repoId: task.repo_id, isForkPullRequest: task.is_fork_pull_request });
  return user;
}

/** The task grant of a user made by actionsTokenUser; undefined for everyone else. */
export const actionsGrantOf = (user: UserRecord | null | undefined): ActionsTaskGrant | undefined => (user ? grants.get(user) : undefined);

/** True for the actions pseudo user (Gitea's IsGiteaActions). */
export const isActionsUser = (user: { id: number } | null | undefined): boolean => user?.id === ACTIONS_USER_ID;

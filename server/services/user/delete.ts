/**
 * Deleting a user (Gitea's services/user DeleteUser). The checks come first, so a refused deletion changes
 * nothing. Then, in numbered steps: the account is disabled, so that if a later step fails it can no longer be
 * used while it is half removed; with purge its repositories are deleted; then its tokens, its second factor,
 * its organizations (purge: the ones it is the last owner of go with their repositories, it leaves the others),
 * its grants, hooks, tokens, second factor, watches, stars and follows, and the user record with its avatar file. Deleted repositories cannot
 * be brought back, so a step that fails after them leaves a disabled account that the deletion can be retried on;
 * a refusal found after step 1 restores the account.
 */
import type { AppContext } from '../context.ts';
import type { UserRecord } from '../../store/records.ts';
import * as userStore from '../../store/users.ts';
import * as repoStore from '../../store/repos.ts';
import * as tokenStore from '../../store/access-tokens.ts';
import * as watchStore from '../../store/watches.ts';
import * as starStore from '../../store/stars.ts';
import * as notificationStore from '../../store/notifications.ts';
import * as feedStore from '../../store/feed-actions.ts';
import { ValidationError } from '../../lib/errors.ts';
import type { Intent } from '../../store/engine/journal.ts';
import { isLastAdmin } from './users.ts';
import { deleteRepository } from '../repository/repos.ts';
import { assertOwnsNoPackages, removeOwnerPackages } from '../packages/files.ts';
import { assertUserHasNoOrgs, forgetUser, purgeUserOrgs } from '../org/purge.ts';
import { deleteOwnerHooks } from '../webhook/index.ts';
import { deleteOwnerActionSecrets } from '../actions/secret-cleanup.ts';
import { removeAccountAvatarFiles } from '../avatar/avatars.ts';
import { forgetFollows } from './follow.ts';

const ownsRepos = (user: UserRecord): ValidationError =>
  new ValidationError(`user still has ownership of repositories [uid: ${user.id}]`);

/** The refusals: an organization, the doer themself, the last working admin, or repositories left without purge. */
async function checkDeletable(app: AppContext, doer: UserRecord | null, user: UserRecord, purge: boolean): Promise<void> {
  if (user.type !== 'individual') throw new ValidationError(`${user.name} is an organization not a user`);
  if (doer && doer.id === user.id) throw new ValidationError('you cannot delete yourself');
  if (await isLastAdmin(app, user)) throw new ValidationError(`can not delete the last admin user [uid: ${user.id}]`);
  if (!purge && (await repoStore.listByOwner(app.store, user.id)).length > 0) throw ownsRepos(user);
  if (!purge) await assertUserHasNoOrgs(app, user);
  if (!purge) await assertOwnsNoPackages(app, user);
}

/** Step 1: the account can no longer sign in or act as an administrator, and loses its password. */
async function disableAccount(app: AppContext, user: UserRecord): Promise<void> {
  await userStore.update(app.store, user.id, (u) => {
    u.is_active = false;
    u.prohibit_login = true;
    u.is_admin = false;
    u.passwd = '';
  });
}

/** Undoes step 1 when the deletion is refused after it (a repository appeared meanwhile). */
async function restoreAccount(app: AppContext, user: UserRecord): Promise<void> {
  await userStore.update(app.store, user.id, (u) => {
    u.is_active = user.is_active;
    u.prohibit_login = user.prohibit_login;
    u.is_admin = user.is_admin;
    u.passwd = user.passwd;
  });
}

/** Step 2 (purge only): every repository the user owns, each through the repository service. */
async function deleteOwnedRepositories(app: AppContext, user: UserRecord): Promise<void> {
  for (const repo of await repoStore.listByOwner(app.store, user.id)) await deleteRepository(app, repo);
}

/** Step 4: the user's access tokens, so none of them authenticates again. */
async function deleteTokens(app: AppContext, user: UserRecord): Promise<void> {
  await tokenStore.removeByUser(app.store, user.id);
}

/** Step 5: the second factor's secret, an enrolment in progress and the replay guard. */
async function deleteTotp(app: AppContext, user: UserRecord): Promise<void> {
  await userStore.update(app.store, user.id, (u) => {
    u.totp_secret = null;
    u.totp_pending_secret = null;
    u.totp_last_step = 0;
  });
}

/** Step 6: what the user watches and starred, their follows both ways, their notification threads and activity feed rows (Gitea deletes these rows with the user). */
async function deleteWatchesAndStars(app: AppContext, user: UserRecord): Promise<void> {
  await watchStore.removeByUser(app.store, user.id);
  await starStore.removeByUser(app.store, user.id);
  await forgetFollows(app, user.id);
  await notificationStore.removeByUser(app.store, user.id);
  await feedStore.removeByUser(app.store, user.id);
}

/** Step 7: the user record itself. */
async function deleteRecord(app: AppContext, user: UserRecord): Promise<void> {
  await userStore.remove(app.store, user.id);
}

/** The journal kind of a user deletion. */
export const DELETE_INTENT = 'user.delete';

interface DeleteIntent { user_id: number; purge: boolean; doer_id: number; before: Pick<UserRecord, 'is_active' | 'prohibit_login' | 'is_admin' | 'passwd'> }

/** Steps 2-7; false when the deletion was refused (a repository left without purge) and the account restored. */
async function removeEverything(app: AppContext, doer: UserRecord | null, user: UserRecord, purge: boolean): Promise<boolean> {
  // 2 - repositories (purge only); then make sure none is left, e.g. one created while we worked
  if (purge) await deleteOwnedRepositories(app, user);
  if ((await repoStore.listByOwner(app.store, user.id)).length > 0) {
    await restoreAccount(app, user);
    return false;
  }
  if (purge) await removeOwnerPackages(app, doer ?? user, user);
  // 3 - organizations (purge: last-owned ones with their repositories), then every grant and the user's hooks
  if (purge) await purgeUserOrgs(app, user, doer ?? undefined);
  await forgetUser(app, user.id);
  await deleteOwnerHooks(app, user.id);
  await deleteOwnerActionSecrets(app, user.id);
  // 4 - tokens
  await deleteTokens(app, user);
  // 5 - TOTP data
  await deleteTotp(app, user);
  // 6 - watches, stars and follows
  await deleteWatchesAndStars(app, user);
  // 7 - the user and its avatar file
  await deleteRecord(app, user);
  await removeAccountAvatarFiles(app, user.id);
  return true;
}

/**
 * Deletes `user` on behalf of `doer` (null for the command line). Without `purge`, a user who still owns
 * repositories is refused with 422; with it, the repositories are deleted first. The intent is journalled
 * before step 1: a deletion a kill interrupts is finished at the next start (all or nothing).
 */
export async function deleteUser(app: AppContext, doer: UserRecord | null, user: UserRecord, purge: boolean): Promise<void> {
  await checkDeletable(app, doer, user, purge);
  const data: DeleteIntent = {
    user_id: user.id, purge, doer_id: doer?.id ?? 0,
    before: { is_active: user.is_active, prohibit_login: user.prohibit_login, is_admin: user.is_admin, passwd: user.passwd },
  };
  const intent = await app.store.journal.begin(DELETE_INTENT, { ...data });
  // 1 - disable the account first, so a failure below never leaves a usable half-deleted user
  await disableAccount(app, user);
  const done = await removeEverything(app, doer, user, purge);
  // A step that throws leaves the intent: the next start finishes the deletion.
  await app.store.journal.end(intent);
  if (!done) throw ownsRepos(user);
  app.log.info('user deleted', { user: user.name, by: doer?.name ?? 'command line', purge });
}

/** Finishes a deletion found in the journal at start (the account is already disabled, or about to be). */
export async function finishDelete(app: AppContext, intent: Intent): Promise<void> {
  const d = intent.data as unknown as DeleteIntent;
  const current = await userStore.getById(app.store, d.user_id);
  if (!current) return;
  const doer = d.doer_id ? ((await userStore.getById(app.store, d.doer_id)) ?? null) : null;
  const user = { ...current, ...d.before };
  app.log.warn('finishing a user deletion that was interrupted', { user: user.name, purge: d.purge });
  await disableAccount(app, user);
  await removeEverything(app, doer, user, d.purge);
}

/** Administrators editing and renaming users (Gitea's adminEditUser and adminRenameUser). */
import type { AppContext } from '../context.ts';
import type { UserRecord } from '../../store/records.ts';
import * as userStore from '../../store/users.ts';
import * as sourceStore from '../../store/login-sources.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { userNameProblem } from '../../lib/names.ts';
import { BadRequestError, ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { MIN_PASSWORD_LENGTH, checkEmail, checkEmailFree, emailTaken, isLastAdmin } from './users.ts';
import type { EditUserOption } from '../../structs/user.ts';
import { isUniqueViolation } from '../../store/engine/indexes.ts';

/** Gitea's EditUserOption, parsed: each field is applied only when present. */
export type UserEdit = EditUserOption;

/** Gitea's text when an edit would leave the site without a working administrator. */
export const LAST_ADMIN_MESSAGE = 'You cannot remove the last admin. There must be at least one admin.';

function requireIndividual(user: UserRecord): void {
  if (user.type !== 'individual') throw new ValidationError(`${user.name} is an organization not a user`);
}

/** Copies the present fields of `edit` onto `u` (the password hash is given separately, already computed). */
function applyEdit(u: UserRecord, edit: UserEdit, passwd: string | undefined): void {
  const set = <K extends keyof UserRecord>(key: K, value: UserRecord[K] | undefined): void => {
    if (value !== undefined) u[key] = value;
  };
  // Gitea ignores source_id 0 and an empty visibility ("not given").
  if (edit.source_id) u.login_source = edit.source_id;
  if (edit.visibility) u.visibility = edit.visibility;
  set('login_name', edit.login_name);
  set('email', edit.email);
  set('full_name', edit.full_name);
  set('passwd', passwd);
  set('must_change_password', edit.must_change_password);
  set('website', edit.website);
  set('location', edit.location);
  set('description', edit.description);
  set('is_active', edit.active);
  set('is_admin', edit.admin);
  set('allow_git_hook', edit.allow_git_hook);
  set('allow_import_local', edit.allow_import_local);
  set('max_repo_creation', edit.max_repo_creation);
  set('prohibit_login', edit.prohibit_login);
  set('allow_create_organization', edit.allow_create_organization);
  set('restricted', edit.restricted);
  u.updated = new Date().toISOString();
}

async function checkEditedEmail(app: AppContext, user: UserRecord, email: string): Promise<void> {
  try {
    checkEmail(email);
    await checkEmailFree(app, email, user.id);
  } catch (err) {
    // Gitea answers a bad or taken address on edit with 400, not 422.
    if (err instanceof ValidationError || err instanceof ConflictError) throw new BadRequestError(err.message, err.fields);
    throw err;
  }
}

/**
 * Edits a user. Everything is checked before anything is written, so a refused edit changes nothing:
 * an unknown login source (422), a short password or a bad or taken email (400), or leaving no working
 * administrator by demoting, deactivating or locking out the last one (400).
 */
export async function editUser(app: AppContext, user: UserRecord, edit: UserEdit): Promise<UserRecord> {
  requireIndividual(user);
  if (edit.source_id && !(await sourceStore.getById(app.store, edit.source_id))) {
    throw new ValidationError(`The login source ${edit.source_id} does not exist.`);
  }
  if (edit.password && edit.password.length < MIN_PASSWORD_LENGTH) {
    throw new BadRequestError(`password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }
  if (edit.email !== undefined) await checkEditedEmail(app, user, edit.email);
  const after = structuredClone(user);
  applyEdit(after, edit, undefined);
  const stillAdmin = after.is_admin && after.is_active && !after.prohibit_login;
  if (!stillAdmin && (await isLastAdmin(app, user))) throw new BadRequestError(LAST_ADMIN_MESSAGE);
  // A password is kept only for local accounts; an LDAP user's password lives in the directory.
  const passwd = edit.password && after.login_source === 0 ? await hashPassword(edit.password) : undefined;
  const saved = await userStore.update(app.store, user.id, (u) => applyEdit(u, edit, passwd)).catch((err: unknown) => {
    throw isUniqueViolation(err, userStore.EMAIL_INDEX) ? new ValidationError(`e-mail already in use [email: ${edit.email ?? ''}]`, emailTaken(edit.email ?? '').fields) : err;
  });
  if (!saved) throw new NotFoundError(`The user ${user.name} does not exist.`);
  return saved;
}

function renameProblem(name: string): string | null {
  const problem = userNameProblem(name);
  if (!problem) return null;
  if (problem.startsWith('name is reserved')) return `The username "${name}" is reserved.`;
  if (problem.startsWith('name pattern is not allowed')) return `The pattern "${name}" is not allowed in a username.`;
  return `User name "${name}" contains invalid characters.`;
}

/**
 * Renames a user. Repositories follow by owner id, so nothing moves on disk. A change of case only is allowed;
 * a taken, reserved or malformed name is 422 with Gitea's messages; an LDAP user keeps the directory's name.
 */
export async function renameUser(app: AppContext, user: UserRecord, newName: string): Promise<UserRecord> {
  requireIndividual(user);
  if (newName === user.name) return user;
  if (user.login_source > 0) throw new ValidationError(`user is not local type [uid: ${user.id}, name: ${user.name}]`);
  const problem = renameProblem(newName);
  if (problem) throw new ValidationError(problem);
  const other = await userStore.getByName(app.store, newName);
  if (other && other.id !== user.id) throw new ValidationError('The username is already taken.');
  const saved = await userStore.update(app.store, user.id, (u) => {
    if (u.login_name === u.name) u.login_name = newName;
    u.name = newName;
    u.updated = new Date().toISOString();
  }).catch((err: unknown) => {
    throw isUniqueViolation(err, userStore.NAME_INDEX) ? new ValidationError('The username is already taken.') : err;
  });
  if (!saved) throw new NotFoundError(`The user ${user.name} does not exist.`);
  return saved;
}

/** Creating and finding users: the rules Gitea applies to names, emails and passwords. */
import type { AppContext } from '../context.ts';
import type { UserRecord, Visibility } from '../../store/records.ts';
import * as userStore from '../../store/users.ts';
import * as sourceStore from '../../store/login-sources.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { userNameProblem } from '../../lib/names.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../store/engine/indexes.ts';
import { ownerVisible } from '../permission/permissions.ts';
import { isPublicOnly } from '../auth/scopes.ts';
import type { CreateUserOption } from '../../structs/user.ts';

export interface NewUser {
  username: string;
  email: string;
  password?: string | undefined;
  full_name?: string | undefined;
  login_name?: string | undefined;
  login_source?: number | undefined;
  is_admin?: boolean | undefined;
  must_change_password?: boolean | undefined;
  restricted?: boolean | undefined;
  visibility?: Visibility | undefined;
  created?: string | undefined;
  /** False for an account that waits for activation (a Negotiate source that does not activate new users). */
  is_active?: boolean | undefined;
  language?: string | undefined;
}

/** What an administrator may give when creating a user: Gitea's CreateUserOption, already parsed. */
export type AdminNewUser = CreateUserOption;

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** Gitea's minimum password length (`[security] MIN_PASSWORD_LENGTH`). */
export const MIN_PASSWORD_LENGTH = 8;

/** Checks an email address as Gitea does; throws 422. */
export function checkEmail(email: string): void {
  if (!EMAIL.test(email) || email.length > 255) throw new ValidationError(`${email} is not a valid email address.`, [{ field: 'email', code: 'invalid_format', message: 'email must be an email address' }]);
}

/** Gitea's conflict for a taken name; `errors` names the field, so a form shows it beside the name. */
export const nameTaken = (name: string): ConflictError =>
  new ConflictError(`user already exists [name: ${name}]`, [{ field: 'username', code: 'invalid_value', message: `the name ${name} is taken by another user or organization` }]);

/** Gitea's conflict for an email address another account has, naming the field as nameTaken does. */
export const emailTaken = (email: string): ConflictError =>
  new ConflictError(`e-mail already in use [email: ${email}]`, [{ field: 'email', code: 'invalid_value', message: `${email} is already used by another account` }]);

/** Throws ConflictError when the name is taken, case-insensitively, by a user or an organization other than `exceptId`. */
export async function checkNameFree(app: AppContext, name: string, exceptId = 0): Promise<void> {
  const other = await userStore.getByName(app.store, name);
  if (other && other.id !== exceptId) throw nameTaken(name);
}

/** Throws ConflictError when another individual user has this email. */
export async function checkEmailFree(app: AppContext, email: string, exceptId = 0): Promise<void> {
  const other = await userStore.getByEmail(app.store, email);
  if (other && other.id !== exceptId) throw emailTaken(email);
  // Further addresses are not in the unique index (few users have them): a scan of the individuals finds them.
  const lower = email.toLowerCase();
  const holders = await userStore.count(app.store, (u) => u.id !== exceptId && !!u.emails?.some((e) => e.toLowerCase() === lower));
  if (holders > 0) throw emailTaken(email);
}

/**
 * Turns the store's unique-index violation on a user record into Gitea's conflict for that key. The checks
 * above the insert give the answer in the usual case; the store decides when two requests race.
 */
export function userConflict(err: unknown, name: string, email: string): unknown {
  if (isUniqueViolation(err, userStore.NAME_INDEX)) return nameTaken(name);
  if (isUniqueViolation(err, userStore.EMAIL_INDEX)) return emailTaken(email);
  return err;
}

/** Creates an individual user. Name and email must be free (ConflictError otherwise); bad input is 422. */
export async function createUser(app: AppContext, opts: NewUser): Promise<UserRecord> {
  const problem = userNameProblem(opts.username);
  if (problem) throw new ValidationError(problem, [{ field: 'username', code: 'invalid', message: problem }]);
  checkEmail(opts.email);
  await checkNameFree(app, opts.username);
  await checkEmailFree(app, opts.email);
  if (opts.password !== undefined && opts.password.length < MIN_PASSWORD_LENGTH) {
    const message = `password is too short: at least ${MIN_PASSWORD_LENGTH} characters`;
    throw new ValidationError(message, [{ field: 'password', code: 'too_short', min: MIN_PASSWORD_LENGTH, message }]);
  }
  const passwd = opts.password ? await hashPassword(opts.password) : '';
  const now = opts.created ?? new Date().toISOString();
  const s = app.settings;
  return userStore.insert(app.store, (id) => ({
    id,
    type: 'individual',
    name: opts.username,
    lower_name: opts.username.toLowerCase(),
    full_name: opts.full_name ?? '',
    email: opts.email,
    passwd,
    login_source: opts.login_source ?? 0,
    login_name: opts.login_name ?? opts.username,
    is_admin: opts.is_admin ?? false,
    is_active: opts.is_active ?? true,
    prohibit_login: false,
    restricted: opts.restricted ?? false,
    must_change_password: opts.must_change_password ?? false,
    visibility: opts.visibility ?? (s.string('service.DEFAULT_USER_VISIBILITY') as Visibility),
    website: '',
    location: '',
    description: '',
    language: opts.language ?? '',
    max_repo_creation: -1,
    allow_create_organization: s.bool('service.DEFAULT_ALLOW_CREATE_ORGANIZATION'),
    allow_git_hook: false,
    allow_import_local: false,
    created: now,
    updated: now,
    last_login: null,
    totp_secret: null,
    totp_last_step: 0,
  })).catch((err: unknown) => {
    throw userConflict(err, opts.username, opts.email);
  });
}

/**
 * An administrator creates a user (Gitea's adminCreateUser). The password may be left out only for a user of an
 * LDAP login source, who signs in against the directory. As in Gitea, must_change_password defaults to true for
 * a local user (an LDAP user has no password here to change).
 */
export async function adminCreateUser(app: AppContext, opts: AdminNewUser): Promise<UserRecord> {
  let loginSource = 0;
  if (opts.source_id) {
    const source = await sourceStore.getById(app.store, opts.source_id);
    if (!source) throw new ValidationError(`The login source ${opts.source_id} does not exist.`);
    if (source.type === 'ldap') loginSource = source.id;
  }
  if (loginSource === 0 && !opts.password) throw new ValidationError('password is required for a user without a login source.', [{ field: 'password', code: 'required', message: 'password is required' }]);
  return createUser(app, toNewUser(opts, loginSource)).catch((err: unknown) => {
    // Gitea answers a taken name or email here with 422, not 409.
    throw err instanceof ConflictError ? new ValidationError(err.message, err.fields) : err;
  });
}

function toNewUser(opts: AdminNewUser, loginSource: number): NewUser {
  const external = loginSource > 0;
  return {
    username: opts.username,
    email: opts.email,
    password: opts.password || undefined,
    full_name: opts.full_name,
    login_source: loginSource,
    login_name: external ? (opts.login_name ?? '') : undefined,
    must_change_password: opts.must_change_password ?? !external,
    restricted: opts.restricted,
    visibility: opts.visibility || undefined,
    created: opts.created_at ? new Date(opts.created_at).toISOString() : undefined,
  };
}

/** The user or organization with this name, or 404 naming it. */
export async function getUserOrThrow(app: AppContext, name: string): Promise<UserRecord> {
  const u = await userStore.getByName(app.store, name);
  if (!u) throw new NotFoundError(`The user ${name} does not exist.`);
  return u;
}

/** The individual user with this name; an organization of that name is refused with Gitea's 422. */
export async function getIndividualOrThrow(app: AppContext, name: string): Promise<UserRecord> {
  const u = await getUserOrThrow(app, name);
  if (u.type !== 'individual') throw new ValidationError(`${u.name} is an organization not a user`);
  return u;
}

/**
 * The user as `viewer` may see it: a private user is 404 to everyone but itself and admins, a limited one to
 * anonymous viewers, with the same message as a missing user so existence is not leaked. A public-only token
 * may look at public users only.
 */
export async function getVisibleUser(app: AppContext, name: string, viewer: UserRecord | null, scopes?: string[]): Promise<UserRecord> {
  const u = await userStore.getByName(app.store, name);
  if (!u || !(await ownerVisible(app, u, viewer))) throw new NotFoundError(`The user ${name} does not exist.`);
  if (scopes && isPublicOnly(scopes) && u.visibility !== 'public') throw new ForbiddenError('token scope is limited to public users');
  return u;
}

/** An administrator who can still act: enabled and allowed to sign in. */
const isWorkingAdmin = (u: UserRecord): boolean => u.type === 'individual' && u.is_admin && u.is_active && !u.prohibit_login;

/** True when `user` is the only administrator who can still sign in, so removing, demoting or disabling it leaves none. */
export async function isLastAdmin(app: AppContext, user: UserRecord): Promise<boolean> {
  if (!isWorkingAdmin(user)) return false;
  return (await userStore.count(app.store, isWorkingAdmin)) <= 1;
}

/** Gitea's system users: Ghost stands in for deleted users, gitea-actions for automation runs. */
export const GHOST_USER_ID = -1;
export const ACTIONS_USER_ID = -2;

function systemUser(id: number, name: string, fullName: string, email: string): UserRecord {
  const epoch = new Date(0).toISOString();
  return {
    id, type: 'individual', name, lower_name: name.toLowerCase(), full_name: fullName, email, passwd: '',
    login_source: 0, login_name: name, is_admin: false, is_active: true, prohibit_login: false, restricted: false,
    must_change_password: false, visibility: 'public', website: '', location: '', description: '', language: '',
    max_repo_creation: 0, allow_create_organization: false, allow_git_hook: false, allow_import_local: false,
    created: epoch, updated: epoch, last_login: null, totp_secret: null, totp_last_step: 0,
  };
}

/** The system users, in id order (-1 Ghost, -2 gitea-actions). */
export function systemUsers(): UserRecord[] {
  return [
    systemUser(GHOST_USER_ID, 'Ghost', '', ''),
    systemUser(ACTIONS_USER_ID, 'gitea-actions', 'Gitea Actions', 'teabot@gitea.io'),
  ];
}

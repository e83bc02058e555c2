/** Creating and finding users: the rules Gitea applies to names, emails and passwords. */
import type { AppContext } from './context.ts';
import type { UserRecord, Visibility } from '../store/records.ts';
import * as userStore from '../store/users.ts';
import { hashPassword } from '../lib/crypto.ts';
import { userNameProblem } from '../lib/names.ts';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors.ts';

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
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** Gitea's minimum password length (`[security] MIN_PASSWORD_LENGTH`). */
export const MIN_PASSWORD_LENGTH = 8;

/** Checks an email address as Gitea does; throws 422. */
export function checkEmail(email: string): void {
  if (!EMAIL.test(email) || email.length > 255) throw new ValidationError(`e-mail invalid [email: ${email}]`);
}

/** Creates an individual user. Name and email must be free; a local user needs a password. */
export async function createUser(app: AppContext, opts: NewUser): Promise<UserRecord> {
  const problem = userNameProblem(opts.username);
  if (problem) throw new ValidationError(problem);
  checkEmail(opts.email);
  if (await userStore.getByName(app.store, opts.username)) throw new ConflictError(`user already exists [name: ${opts.username}]`);
  if (await userStore.getByEmail(app.store, opts.email)) throw new ConflictError(`e-mail already in use [email: ${opts.email}]`);
  if (opts.password !== undefined && opts.password.length < MIN_PASSWORD_LENGTH) {
    throw new ValidationError(`password is too short: at least ${MIN_PASSWORD_LENGTH} characters`);
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
    is_active: true,
    prohibit_login: false,
    restricted: opts.restricted ?? false,
    must_change_password: opts.must_change_password ?? false,
    visibility: opts.visibility ?? (s.string('service.DEFAULT_USER_VISIBILITY') as Visibility),
    website: '',
    location: '',
    description: '',
    language: '',
    max_repo_creation: -1,
    allow_create_organization: s.bool('service.DEFAULT_ALLOW_CREATE_ORGANIZATION'),
    allow_git_hook: false,
    allow_import_local: false,
    created: now,
    updated: now,
    last_login: null,
    totp_secret: null,
    totp_last_step: 0,
  }));
}

/** The user or organization with this name, or 404 naming it. */
export async function getUserOrThrow(app: AppContext, name: string): Promise<UserRecord> {
  const u = await userStore.getByName(app.store, name);
  if (!u) throw new NotFoundError(`user does not exist [name: ${name}]`);
  return u;
}

/**
 * The signed-in user's own settings (Gitea's user settings pages and `/user/settings`, `/user/emails`): profile
 * and preferences, further email addresses and the primary one, and changing one's own password.
 */
import type { AppContext } from '../context.ts';
import type { UserRecord } from '../../store/records.ts';
import type { Email, UserSettings, UserSettingsOptions } from '../../structs/user.ts';
import * as userStore from '../../store/users.ts';
import { hashPassword, verifyPassword } from '../../lib/crypto.ts';
import { BadRequestError, ConflictError, NotFoundError, ValidationError, userNotFound } from '../../lib/errors.ts';
import { checkEmail, checkEmailFree } from './users.ts';
import { isUniqueViolation } from '../../store/engine/indexes.ts';

async function fresh(app: AppContext, user: UserRecord): Promise<UserRecord> {
  const u = await userStore.getById(app.store, user.id);
  if (!u) throw userNotFound(user.name);
  return u;
}

/** Gitea's UserSettings of a user. */
export function settingsOf(u: UserRecord): UserSettings {
  return {
    full_name: u.full_name, website: u.website, description: u.description, location: u.location, language: u.language,
    theme: u.theme ?? '', diff_view_style: u.diff_view_style ?? '', hide_email: !!u.hide_email, hide_activity: !!u.hide_activity,
  };
}

/** Applies the fields given; the rest stay as they are. */
export async function updateSettings(app: AppContext, user: UserRecord, opts: UserSettingsOptions): Promise<UserSettings> {
  const saved = await userStore.update(app.store, user.id, (u) => {
    for (const [k, v] of Object.entries(opts)) if (v !== undefined) (u as unknown as Record<string, unknown>)[k] = v;
    u.updated = new Date().toISOString();
  });
  if (!saved) throw userNotFound(user.name);
  return settingsOf(saved);
}

/** The user's addresses, the primary one first (Gitea's Email; every address counts as verified here). */
export async function listEmails(app: AppContext, user: UserRecord): Promise<Email[]> {
  const u = await fresh(app, user);
  const one = (email: string, primary: boolean): Email => ({ email, verified: true, primary, user_id: u.id, username: u.name });
  return [one(u.email, true), ...(u.emails ?? []).map((e) => one(e, false))];
}

/** Adds addresses (Gitea: 422 for a bad one, and for one already in use by anyone). */
export async function addEmails(app: AppContext, user: UserRecord, emails: string[]): Promise<Email[]> {
  const u = await fresh(app, user);
  const have = new Set([u.email, ...(u.emails ?? [])].map((e) => e.toLowerCase()));
  const added: string[] = [];
  for (const raw of emails) {
    const email = raw.trim();
    checkEmail(email);
    if (have.has(email.toLowerCase())) throw new ValidationError(`${email} is already one of your addresses.`, [{ field: 'emails', code: 'invalid_value', message: `${email} is already one of your addresses` }]);
    await checkEmailFree(app, email).catch((err: unknown) => {
      throw err instanceof ConflictError ? new ValidationError(`${email} is already used by another account.`, [{ field: 'emails', code: 'invalid_value', message: `${email} is already used by another account` }]) : err;
    });
    have.add(email.toLowerCase());
    added.push(email);
  }
  await userStore.update(app.store, u.id, (r) => { r.emails = [...(r.emails ?? []), ...added]; });
  return (await listEmails(app, u)).filter((e) => added.includes(e.email));
}

/** Removes further addresses; the primary one cannot be removed (Gitea: 404 for an address the user does not have). */
export async function deleteEmails(app: AppContext, user: UserRecord, emails: string[]): Promise<void> {
  const u = await fresh(app, user);
  const drop = new Set(emails.map((e) => e.trim().toLowerCase()));
  if (drop.has(u.email.toLowerCase())) throw new BadRequestError(`${u.email} is your primary address: make another address primary before removing it.`);
  for (const e of drop) {
    if (!(u.emails ?? []).some((x) => x.toLowerCase() === e)) throw new NotFoundError(`${e} is not one of your addresses.`);
  }
  await userStore.update(app.store, u.id, (r) => { r.emails = (r.emails ?? []).filter((x) => !drop.has(x.toLowerCase())); });
}

/** Makes one of the user's further addresses the primary one; the old primary stays as a further address. */
export async function setPrimaryEmail(app: AppContext, user: UserRecord, email: string): Promise<Email[]> {
  const u = await fresh(app, user);
  const wanted = (u.emails ?? []).find((x) => x.toLowerCase() === email.trim().toLowerCase());
  if (!wanted) {
    if (u.email.toLowerCase() === email.trim().toLowerCase()) return listEmails(app, u);
    throw new NotFoundError(`${email} is not one of your addresses: add it first.`);
  }
  await userStore.update(app.store, u.id, (r) => {
    r.emails = [...(r.emails ?? []).filter((x) => x !== wanted), r.email];
    r.email = wanted;
  }).catch((err: unknown) => {
    throw isUniqueViolation(err, userStore.EMAIL_INDEX) ? new ValidationError(`${wanted} is already used by another account.`) : err;
  });
  return listEmails(app, u);
}

const CLASSES: Record<string, { test: RegExp; words: string }> = {
  lower: { test: /[a-z]/, words: 'a lower-case letter' },
  upper: { test: /[A-Z]/, words: 'an upper-case letter' },
  digit: { test: /[0-9]/, words: 'a digit' },
  spec: { test: /[^a-zA-Z0-9]/, words: 'a character that is neither a letter nor a digit' },
};

/** Gitea's password rules (`[security] MIN_PASSWORD_LENGTH`, `PASSWORD_COMPLEXITY`): the problem in words, or null. */
export function passwordProblem(app: AppContext, password: string): string | null {
  const min = app.settings.int('security.MIN_PASSWORD_LENGTH');
  if (password.length < min) return `The new password must be at least ${min} characters long.`;
  const wanted = app.settings.list('security.PASSWORD_COMPLEXITY').map((c) => c.trim().toLowerCase()).filter((c) => c && c !== 'off');
  const missing = wanted.map((c) => CLASSES[c]).filter((c) => c && !c.test.test(password)).map((c) => c!.words);
  return missing.length ? `The new password must contain ${missing.join(', ')}.` : null;
}

/**
 * Changes the user's own password: the old one must be right (a user with no local password, e.g. from LDAP,
 * cannot change it here), the new one must follow the rules and differ from the old. Clears
 * must_change_password. Sessions and remembered credentials opened under the old password stop working
 * because they carry a fingerprint of the old hash; the caller re-opens the session it was made with.
 */
export async function changeOwnPassword(app: AppContext, user: UserRecord, oldPassword: string, newPassword: string): Promise<UserRecord> {
  const u = await fresh(app, user);
  if (u.login_source > 0 || !u.passwd) throw new BadRequestError('This account signs in through a login source; change the password there.');
  const bad = (field: string, message: string): ValidationError => new ValidationError(message, [{ field, code: 'invalid', message }]);
  if (!(await verifyPassword(oldPassword, u.passwd))) throw bad('old_password', 'The current password is not right.');
  const problem = passwordProblem(app, newPassword);
  if (problem) throw bad('new_password', problem);
  if (newPassword === oldPassword) throw bad('new_password', 'The new password must differ from the current one.');
  const passwd = await hashPassword(newPassword);
  const saved = await userStore.update(app.store, u.id, (r) => {
    r.passwd = passwd;
    r.must_change_password = false;
    r.updated = new Date().toISOString();
  });
  if (!saved) throw userNotFound(u.name);
  return saved;
}

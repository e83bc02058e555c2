/** Form parts shared by the create and edit user pages: the schema of their values and the account fieldset. */
import { z } from 'zod';
import { CreateUserOption } from '../../../server/structs/user.ts';
import { Checkbox, Field, Select } from '../components/Field.tsx';
import type { ApiForm } from '../zod-form.ts';
import { SourceField } from './SourceField.tsx';

export interface AccountFields {
  email: string;
  full_name: string;
  /** 'local' signs in with a password kept here; 'ldap' with the directory of an authentication source. */
  kind: 'local' | 'ldap';
  password: string;
  must_change_password: boolean;
  source_id: string;
  login_name: string;
  visibility: string;
  restricted: boolean;
  admin: boolean;
}

const MIN_PASSWORD = 8;

/**
 * The account's values: the API's own rules for each field (CreateUserOption), plus what depends on the sign-in
 * kind: a local account needs a password of 8 or more characters when created, an LDAP account its source.
 */
export function accountSchema(editing: boolean, extra: z.ZodRawShape): z.ZodObject {
  const o = CreateUserOption.shape;
  return z.object({
    email: o.email, full_name: o.full_name, login_name: o.login_name, password: o.password,
    kind: z.enum(['local', 'ldap']), must_change_password: z.boolean(), source_id: z.string().optional(),
    visibility: z.string(), restricted: z.boolean(), admin: z.boolean(), ...extra,
  }).superRefine((all, ctx) => {
    const v = all as unknown as AccountFields;
    if (v.kind === 'ldap' && !(Number(v.source_id) > 0)) ctx.addIssue({ code: 'custom', path: ['source_id'], message: 'Choose the authentication source this account signs in through.' });
    if (v.kind === 'ldap' && !v.login_name) ctx.addIssue({ code: 'custom', path: ['login_name'], message: 'Fill in this field.' });
    if (v.kind === 'local' && !editing && !v.password) ctx.addIssue({ code: 'custom', path: ['password'], message: 'Fill in this field.' });
    if (v.kind === 'local' && v.password && v.password.length < MIN_PASSWORD) ctx.addIssue({ code: 'custom', path: ['password'], message: `Use at least ${MIN_PASSWORD} characters.` });
  });
}

interface Props<T extends AccountFields> {
  form: ApiForm<T>;
  /** On the edit page an empty password keeps the current one. */
  editing: boolean;
}

/** Email, name, sign-in kind with its fields, visibility, restricted and admin. */
export function AccountFieldset<T extends AccountFields>({ form: f, editing }: Props<T>) {
  // The fieldset only names fields every account form has.
  const form = f as unknown as ApiForm<AccountFields>;
  const kind = form.watch('kind');
  return (
    <>
      <Field label="Email address" type="email" {...form.field('email')} />
      <Field label="Full name" {...form.field('full_name')} />
      <fieldset className="field-group">
        <legend>How this user signs in</legend>
        <div className="radio-row">
          <label><input type="radio" value="local" {...form.register('kind')} /> With a password kept by Homeforge</label>
          <label><input type="radio" value="ldap" {...form.register('kind')} /> Through LDAP (an authentication source)</label>
        </div>
        {kind === 'local' ? (
          <>
            <Field label={editing ? 'New password' : 'Password'} type="password" autoComplete="new-password" {...form.field('password')}
              required={!editing} minLength={MIN_PASSWORD}
              hint={editing ? 'Leave empty to keep the current password.' : 'At least 8 characters.'} />
            <Checkbox label="Must change the password at the next sign-in" {...form.field('must_change_password')} />
          </>
        ) : (
          <>
            <SourceField {...form.field('source_id')} />
            <Field label="LDAP login name" {...form.field('login_name')} required
              hint="The name the directory knows this user by (often the same as the user name)." />
          </>
        )}
      </fieldset>
      <Select label="Visibility" {...form.field('visibility')} required={false}>
        <option value="public">Public: anyone can see the profile</option>
        <option value="limited">Limited: signed-in users only</option>
        <option value="private">Private: only the user and administrators</option>
      </Select>
      <Checkbox label="Restricted: sees only what they are explicitly given access to" {...form.field('restricted')} />
      <Checkbox label="Administrator of this host" {...form.field('admin')} />
    </>
  );
}

/** The source part Gitea's edit body requires: source 0 and the user name for a local account. */
export function sourceOf(v: AccountFields, username: string): { source_id: number; login_name: string } {
  return v.kind === 'ldap' ? { source_id: Number(v.source_id), login_name: v.login_name || username } : { source_id: 0, login_name: username };
}

/** The sign-in part of a create or edit body: a password for local users, source and login name for LDAP users. */
export function signInBody(v: AccountFields, username: string, editing: boolean): Record<string, unknown> {
  if (v.kind === 'ldap') return sourceOf(v, username);
  const password = v.password ? { password: v.password } : {};
  return { ...(editing ? sourceOf(v, username) : {}), ...password, must_change_password: v.must_change_password };
}

/** Form parts shared by the create and edit user pages. */
import type { Dispatch, SetStateAction } from 'react';
import { Checkbox, Field, Select } from '../components/Field.tsx';
import { SourceField } from './SourceField.tsx';
import { FieldError } from '../use-submit.ts';

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

interface Props {
  v: AccountFields;
  set: Dispatch<SetStateAction<AccountFields>>;
  errors: Record<string, string>;
  /** On the edit page an empty password keeps the current one. */
  editing: boolean;
}

/** Email, name, sign-in kind with its fields, visibility, restricted and admin. */
export function AccountFieldset({ v, set, errors, editing }: Props) {
  const put = <K extends keyof AccountFields>(k: K, value: AccountFields[K]) => set((old) => ({ ...old, [k]: value }));
  return (
    <>
      <Field label="Email address" name="email" type="email" required error={errors.email} value={v.email} onChange={(e) => put('email', e.target.value)} />
      <Field label="Full name" name="full_name" error={errors.full_name} value={v.full_name} onChange={(e) => put('full_name', e.target.value)} />
      <fieldset className="field-group">
        <legend>How this user signs in</legend>
        <div className="radio-row">
          <label><input type="radio" name="kind" value="local" checked={v.kind === 'local'} onChange={() => put('kind', 'local')} /> With a password kept by Homeforge</label>
          <label><input type="radio" name="kind" value="ldap" checked={v.kind === 'ldap'} onChange={() => put('kind', 'ldap')} /> Through LDAP (an authentication source)</label>
        </div>
        {v.kind === 'local' ? (
          <>
            <Field label={editing ? 'New password' : 'Password'} name="password" type="password" autoComplete="new-password" required={!editing} minLength={8}
              hint={editing ? 'Leave empty to keep the current password.' : 'At least 8 characters.'} error={errors.password}
              value={v.password} onChange={(e) => put('password', e.target.value)} />
            <Checkbox label="Must change the password at the next sign-in" name="must_change_password"
              checked={v.must_change_password} onChange={(e) => put('must_change_password', e.target.checked)} />
          </>
        ) : (
          <>
            <SourceField value={v.source_id} error={errors.source_id} onChange={(value) => put('source_id', value)} />
            <Field label="LDAP login name" name="login_name" required error={errors.login_name}
              hint="The name the directory knows this user by (often the same as the user name)."
              value={v.login_name} onChange={(e) => put('login_name', e.target.value)} />
          </>
        )}
      </fieldset>
      <Select label="Visibility" name="visibility" value={v.visibility} onChange={(e) => put('visibility', e.target.value)} error={errors.visibility}>
        <option value="public">Public: anyone can see the profile</option>
        <option value="limited">Limited: signed-in users only</option>
        <option value="private">Private: only the user and administrators</option>
      </Select>
      <Checkbox label="Restricted: sees only what they are explicitly given access to" name="restricted"
        checked={v.restricted} onChange={(e) => put('restricted', e.target.checked)} />
      <Checkbox label="Administrator of this host" name="admin" error={errors.admin}
        checked={v.admin} onChange={(e) => put('admin', e.target.checked)} />
    </>
  );
}

/** The fields the form shows for `v`, so an API message can be shown beside the one it names. */
export function accountFieldNames(v: AccountFields): string[] {
  return ['email', 'full_name', 'visibility', 'admin', ...(v.kind === 'ldap' ? ['source_id', 'login_name'] : ['password'])];
}

/** Checks what the API would only refuse less clearly: an LDAP account needs its source. */
export function checkAccount(v: AccountFields): void {
  if (v.kind === 'ldap' && !(Number(v.source_id) > 0)) throw new FieldError('source_id', 'Choose the authentication source this account signs in through.');
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

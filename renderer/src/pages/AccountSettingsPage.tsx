/**
 * `/user/settings/account`: change one's password (old, new, confirm) and manage email addresses (add, delete,
 * make primary). A user who must change the password sees only the password form, with the reason.
 */
import { useState } from 'react';
import { errorText } from '../api/client.ts';
import type { Email } from '../api/types.ts';
import { useAuth } from '../auth.tsx';
import { ErrorAlert, FormError, Notice } from '../components/Alert.tsx';
import { Field } from '../components/Field.tsx';
import { Page } from '../components/Layout.tsx';
import { FieldError, useSubmit } from '../use-submit.ts';
import { useLoad } from '../use-load.ts';
import { SettingsNav } from './admin-nav.tsx';

function PasswordForm({ onChanged }: { onChanged(): void }) {
  const { api } = useAuth();
  const [oldPassword, setOld] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const submit = useSubmit(async () => {
    if (newPassword !== confirm) throw new FieldError('confirm', 'The two new passwords differ; type the same password twice.');
    await api.post('/api/homeforge/user/password', { old_password: oldPassword, new_password: newPassword });
    setOld('');
    setNew('');
    setConfirm('');
    onChanged();
  }, ['old_password', 'new_password', 'confirm', 'password']);
  return (
    <form onSubmit={submit.onSubmit} noValidate className="card form-card" aria-labelledby="pw-title">
      <h2 id="pw-title">Change password</h2>
      <FormError error={submit.error} fields={submit.fields} />
      <Field label="Current password" name="old_password" type="password" autoComplete="current-password" required maxLength={255}
        error={submit.fields.old_password ?? submit.fields.password} value={oldPassword} onChange={(e) => setOld(e.target.value)} />
      <Field label="New password" name="new_password" type="password" autoComplete="new-password" required maxLength={255}
        error={submit.fields.new_password} value={newPassword} onChange={(e) => setNew(e.target.value)} />
      <Field label="Confirm new password" name="confirm" type="password" autoComplete="new-password" required maxLength={255}
        error={submit.fields.confirm} value={confirm} onChange={(e) => setConfirm(e.target.value)} />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={submit.busy}>{submit.busy ? 'Changing…' : 'Change password'}</button>
      </div>
    </form>
  );
}

function Emails() {
  const { api, refresh } = useAuth();
  const emails = useLoad(() => api.get<Email[]>('/api/v1/user/emails'), 'user-emails');
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useSubmit(async () => {
    await api.post('/api/v1/user/emails', { emails: [address.trim()] });
    setAddress('');
    emails.reload();
  }, ['email', 'emails']);
  const act = async (what: () => Promise<unknown>) => {
    setError(null);
    try {
      await what();
      emails.reload();
      await refresh();
    } catch (err) {
      setError(errorText(err));
    }
  };
  return (
    <section className="card" aria-labelledby="emails-title">
      <h2 id="emails-title">Email addresses</h2>
      <ErrorAlert>{emails.error ?? error}</ErrorAlert>
      <ul className="plain-list" aria-label="Email addresses">
        {emails.data?.map((e) => (
          <li key={e.email} className="member">
            <span>{e.email}</span>
            {e.primary ? <span className="badge badge-ok">primary</span> : null}
            {e.primary ? null : (
              <>
                <button type="button" className="btn btn-small" aria-label={`Make ${e.email} primary`}
                  onClick={() => { void act(() => api.post('/api/homeforge/user/emails/primary', { email: e.email })); }}>Make primary</button>
                <button type="button" className="btn btn-small btn-ghost" aria-label={`Delete ${e.email}`}
                  onClick={() => { void act(() => api.request('DELETE', '/api/v1/user/emails', { body: { emails: [e.email] } })); }}>Delete</button>
              </>
            )}
          </li>
        ))}
      </ul>
      <form onSubmit={add.onSubmit} noValidate className="inline-form">
        <FormError error={add.error} fields={add.fields} />
        <Field label="New email address" name="email" type="email" autoComplete="email" required maxLength={254}
          error={add.fields.email ?? add.fields.emails} value={address} onChange={(e) => setAddress(e.target.value)} />
        <button type="submit" className="btn" disabled={add.busy || !address.trim()}>Add email address</button>
      </form>
    </section>
  );
}

/** The account page; `mustChangePassword` sessions see the password form alone. */
export function AccountSettingsPage() {
  const { state, passwordChanged } = useAuth();
  const must = state.kind === 'signed-in' && !!state.mustChangePassword;
  const [notice, setNotice] = useState<string | null>(null);
  const changed = () => {
    setNotice(must ? 'Your password was changed. You can now use Homeforge.' : 'Your password was changed. Other sessions of your account were signed out.');
    passwordChanged();
  };
  return (
    <Page title="Account">
      {must ? null : <SettingsNav />}
      {must ? (
        <p className="alert alert-error" role="alert">
          An administrator has asked you to choose a new password. Change it here before you continue: until then nothing else can be opened.
        </p>
      ) : null}
      <Notice>{notice}</Notice>
      <PasswordForm onChanged={changed} />
      {must ? null : <Emails />}
    </Page>
  );
}

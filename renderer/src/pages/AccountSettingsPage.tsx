/**
 * `/user/settings/account`: change one's password (old, new, confirm) and manage email addresses (add, delete,
 * make primary). A user who must change the password sees only the password form, with the reason.
 */
import { useState } from 'react';
import { errorText } from '../api/client.ts';
import type { Email } from '../api/types.ts';
import { useAuth } from '../auth.tsx';
import { ErrorAlert, Notice } from '../components/Alert.tsx';
import { Field } from '../components/Field.tsx';
import { Page } from '../components/Layout.tsx';
import { z } from 'zod';
import { useApiForm } from '../zod-form.ts';
import { ChangePasswordOption } from '../../../server/structs/user.ts';
import { useLoad } from '../use-load.ts';
import { SettingsNav } from './admin-nav.tsx';

/** The API's body, plus the repeated new password, which must match it. */
const passwordSchema = ChangePasswordOption.extend({ confirm: z.string().min(1).max(255) })
  .refine((v) => v.new_password === v.confirm, { path: ['confirm'], message: 'The two new passwords differ; type the same password twice.' });
type PasswordValues = { old_password: string; new_password: string; confirm: string };

/** One new address, checked as the API checks each of its `emails`. */
const emailSchema = z.object({ email: z.string().trim().min(1).max(254) });

function PasswordForm({ onChanged }: { onChanged(): void }) {
  const { api } = useAuth();
  const empty: PasswordValues = { old_password: '', new_password: '', confirm: '' };
  const form = useApiForm<PasswordValues>(passwordSchema, empty, undefined, { password: 'old_password' });
  const onSubmit = form.submit(async ({ old_password, new_password }) => {
    await api.post('/api/homeforge/user/password', { old_password, new_password });
    form.reset(empty);
    onChanged();
  });
  const busy = form.formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} className="card form-card" aria-labelledby="pw-title">
      <h2 id="pw-title">Change password</h2>
      <ErrorAlert>{form.formError}</ErrorAlert>
      <Field label="Current password" type="password" autoComplete="current-password" {...form.field('old_password')} />
      <Field label="New password" type="password" autoComplete="new-password" {...form.field('new_password')} />
      <Field label="Confirm new password" type="password" autoComplete="new-password" {...form.field('confirm')} />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Changing…' : 'Change password'}</button>
      </div>
    </form>
  );
}

function AddEmail({ onAdded }: { onAdded(): void }) {
  const { api } = useAuth();
  const form = useApiForm<{ email: string }>(emailSchema, { email: '' }, undefined, { emails: 'email' });
  const onSubmit = form.submit(async ({ email }) => {
    await api.post('/api/v1/user/emails', { emails: [email.trim()] });
    form.reset({ email: '' });
    onAdded();
  });
  return (
    <form onSubmit={onSubmit} className="inline-form">
      <ErrorAlert>{form.formError}</ErrorAlert>
      <Field label="New email address" type="email" autoComplete="email" {...form.field('email')} />
      <button type="submit" className="btn" disabled={form.formState.isSubmitting}>Add email address</button>
    </form>
  );
}

function Emails() {
  const { api, refresh } = useAuth();
  const emails = useLoad(() => api.get<Email[]>('/api/v1/user/emails'), 'user-emails');
  const [error, setError] = useState<string | null>(null);
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
              <span className="row-actions">
                <button type="button" className="btn btn-small" aria-label={`Make ${e.email} primary`}
                  onClick={() => { void act(() => api.post('/api/homeforge/user/emails/primary', { email: e.email })); }}>Make primary</button>
                <button type="button" className="btn btn-small btn-ghost" aria-label={`Delete ${e.email}`}
                  onClick={() => { void act(() => api.request('DELETE', '/api/v1/user/emails', { body: { emails: [e.email] } })); }}>Delete</button>
              </span>
            )}
          </li>
        ))}
      </ul>
      <AddEmail onAdded={emails.reload} />
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

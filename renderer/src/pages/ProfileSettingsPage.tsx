/** `/user/settings`: the signed-in user's profile (full name, description, website, location), saved with PATCH /user/settings. */
import { useEffect, useState } from 'react';
import type { UserSettings } from '../api/types.ts';
import { useAuth } from '../auth.tsx';
import { ErrorAlert, FormError, Notice } from '../components/Alert.tsx';
import { Field, TextArea } from '../components/Field.tsx';
import { Page } from '../components/Layout.tsx';
import { useLoad } from '../use-load.ts';
import { useSubmit } from '../use-submit.ts';
import { SettingsNav } from './admin-nav.tsx';

const FIELDS = ['full_name', 'description', 'website', 'location'] as const;
type Profile = Record<(typeof FIELDS)[number], string>;

/** The profile form, filled from the current settings. */
export function ProfileSettingsPage() {
  const { api, refresh } = useAuth();
  const settings = useLoad(() => api.get<UserSettings>('/api/v1/user/settings'), 'user-settings');
  const [form, setForm] = useState<Profile | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const s = settings.data;
  useEffect(() => {
    if (s && !form) setForm({ full_name: s.full_name, description: s.description, website: s.website, location: s.location });
  }, [s, form]);
  const submit = useSubmit(async () => {
    setNotice(null);
    const saved = await api.patch<UserSettings>('/api/v1/user/settings', form);
    setForm({ full_name: saved.full_name, description: saved.description, website: saved.website, location: saved.location });
    setNotice('Saved your profile.');
    await refresh();
  }, [...FIELDS]);
  const set = (k: keyof Profile) => (e: { target: { value: string } }) => setForm((f) => (f ? { ...f, [k]: e.target.value } : f));
  return (
    <Page title="Profile">
      <SettingsNav />
      <ErrorAlert>{settings.error}</ErrorAlert>
      <Notice>{notice}</Notice>
      {!form && !settings.error ? <p role="status" className="loading">Loading…</p> : null}
      {form ? (
        <form onSubmit={submit.onSubmit} noValidate className="card form-card" aria-labelledby="profile-title">
          <h2 id="profile-title">Public profile</h2>
          <FormError error={submit.error} fields={submit.fields} />
          <Field label="Full name" name="full_name" maxLength={100} autoComplete="name" error={submit.fields.full_name} value={form.full_name} onChange={set('full_name')} />
          <TextArea label="Description" name="description" rows={3} maxLength={255} error={submit.fields.description} value={form.description} onChange={set('description')} />
          <Field label="Website" name="website" type="url" autoComplete="url" hint="A full address, such as https://example.com, or empty."
            error={submit.fields.website} value={form.website} onChange={set('website')} />
          <Field label="Location" name="location" maxLength={50} error={submit.fields.location} value={form.location} onChange={set('location')} />
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={submit.busy}>{submit.busy ? 'Saving…' : 'Save profile'}</button>
          </div>
        </form>
      ) : null}
    </Page>
  );
}

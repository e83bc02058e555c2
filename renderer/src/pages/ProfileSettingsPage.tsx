/** `/user/settings`: the signed-in user's profile (full name, description, website, location), saved with PATCH /user/settings, and avatar. */
import { useState } from 'react';
import type { UserSettings } from '../api/types.ts';
import { useAuth } from '../auth.tsx';
import { ErrorAlert, Notice } from '../components/Alert.tsx';
import { Field, TextArea } from '../components/Field.tsx';
import { Page } from '../components/Layout.tsx';
import { AvatarForm } from '../components/AvatarForm.tsx';
import { useLoad } from '../use-load.ts';
import { useApiForm } from '../zod-form.ts';
import { UserSettingsOptions } from '../../../server/structs/user.ts';
import { SettingsNav } from './admin-nav.tsx';

const schema = UserSettingsOptions.pick({ full_name: true, description: true, website: true, location: true });
type Profile = { full_name: string; description: string; website: string; location: string };

const profileOf = (s: UserSettings): Profile => ({ full_name: s.full_name, description: s.description, website: s.website, location: s.location });

function ProfileForm({ settings, onSaved }: { settings: UserSettings; onSaved(): Promise<void> }) {
  const { api } = useAuth();
  const [notice, setNotice] = useState<string | null>(null);
  const form = useApiForm<Profile>(schema, profileOf(settings));
  const onSubmit = form.submit(async (values) => {
    setNotice(null);
    const saved = await api.patch<UserSettings>('/api/v1/user/settings', values);
    form.reset(profileOf(saved));
    setNotice('Saved your profile.');
    await onSaved();
  });
  const busy = form.formState.isSubmitting;
  return (
    <>
      <Notice>{notice}</Notice>
      <form onSubmit={onSubmit} className="card form-card" aria-labelledby="profile-title">
        <h2 id="profile-title">Public profile</h2>
        <ErrorAlert>{form.formError}</ErrorAlert>
        <Field label="Full name" autoComplete="name" {...form.field('full_name')} />
        <TextArea label="Description" rows={3} {...form.field('description')} />
        <Field label="Website" type="url" autoComplete="url" hint="A full address, such as https://example.com, or empty." {...form.field('website')} />
        <Field label="Location" {...form.field('location')} />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Saving…' : 'Save profile'}</button>
        </div>
      </form>
    </>
  );
}

/** The profile form, filled from the current settings. */
export function ProfileSettingsPage() {
  const { api, refresh, state } = useAuth();
  const settings = useLoad(() => api.get<UserSettings>('/api/v1/user/settings'), 'user-settings');
  return (
    <Page title="Profile">
      <SettingsNav />
      <ErrorAlert>{settings.error}</ErrorAlert>
      {!settings.data && !settings.error ? <p role="status" className="loading">Loading…</p> : null}
      {settings.data ? <ProfileForm settings={settings.data} onSaved={refresh} /> : null}
      {state.kind === 'signed-in' ? <AvatarForm apiPath="/api/v1/user/avatar" current={state.user.avatar_url} whose="your" /> : null}
    </Page>
  );
}

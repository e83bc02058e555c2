/** Site administration: the host settings that matter on a desktop, changed at run time and saved to app.ini. */
import { useState } from 'react';
import type { HostSetting } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert, Notice } from '../../components/Alert.tsx';
import { Checkbox, Field } from '../../components/Field.tsx';
import { Page } from '../../components/Layout.tsx';
import { useLoad } from '../../use-load.ts';
import { z } from 'zod';
import { useApiForm } from '../../zod-form.ts';
import { AdminNav } from '../admin-nav.tsx';
import { HostListSetting } from './HostListSetting.tsx';

const ABOUT: Record<string, { label: string; hint: string }> = {
  'server.LAN_ACCESS': { label: 'LAN access', hint: 'Also serve this host on the local network (other computers can clone), and announce it with mDNS.' },
  'service.REQUIRE_SIGNIN_VIEW': { label: 'Require sign-in to view anything', hint: 'Public repositories are then hidden from people who are not signed in.' },
  'security.DISABLE_QUERY_AUTH_TOKEN': { label: 'Refuse tokens in the query string', hint: 'Tokens in ?token= or ?access_token= are refused with 401; headers keep working.' },
  'webhook.ALLOWED_HOST_LIST': { label: 'Webhook host list', hint: 'Where webhook deliveries may connect. Mirrors and imports follow the migration settings below.' },
  'migrations.ALLOW_LOCALNETWORKS': {
    label: 'Mirrors and imports may reach this computer and the local network',
    hint: 'Off by default: then only Internet hosts can be imported, mirrored or pushed to. On, anyone who can create a repository can clone services on 127.0.0.1 or your LAN into it, and push mirrors send their credentials there.',
  },
  'migrations.ALLOWED_DOMAINS': { label: 'Import and mirror only from these hosts', hint: 'Host names, globs or addresses, comma separated; empty for any Internet host. A host named here is allowed even on the local network.' },
  'migrations.BLOCKED_DOMAINS': { label: 'Never import or mirror from these hosts', hint: 'Host names, globs or addresses, comma separated.' },
  'security.IMPORT_LOCAL_PATHS': { label: 'Allow imports from local folders', hint: 'Lets administrators (and users allowed to) mirror or import a repository by its path on this computer; never from inside the data folder.' },
  'webhook.DELIVER_TIMEOUT': { label: 'Webhook delivery timeout (seconds)', hint: 'How long a delivery waits for the receiver to answer.' },
  'mirror.MIN_INTERVAL': { label: 'Shortest mirror interval', hint: 'A duration such as 10m, at least 1m; mirrors cannot sync more often than this.' },
  'mirror.DEFAULT_INTERVAL': { label: 'Default mirror interval', hint: 'A duration such as 8h, for new mirrors.' },
  'backup.ENABLED': { label: 'Scheduled backups', hint: 'Back up the whole host on a schedule (see Backups).' },
  'backup.INTERVAL': { label: 'Backup interval', hint: 'A duration such as 24h; a computer that slept makes one overdue backup when it wakes.' },
  'backup.FOLDER': { label: 'Backup folder', hint: 'Where scheduled backups go; empty for the backups folder inside the data folder (another disk is safer).' },
  'backup.KEEP': { label: 'Backups kept', hint: 'The oldest archives beyond this number are removed after each backup.' },
  'actions.BUILTIN_RUNNER': { label: 'Run jobs with the built-in runner', hint: 'Workflow jobs run on this machine, in a separate process, with the permissions of this host (see Runners).' },
};

function SettingInput({ s, value, error, onChange }: { s: HostSetting; value: string; error?: string | undefined; onChange(v: string): void }) {
  const about = ABOUT[s.key] ?? { label: s.key, hint: '' };
  const hint = (
    <>
      {about.hint} <code>[{s.section}] {s.name}</code>, default <code>{s.default || '(empty)'}</code>.
      {s.overridden ? <strong className="override"> Set by an environment variable or a start option: a change applies now, but that value wins again at the next start.</strong> : null}
    </>
  );
  if (s.key === 'webhook.ALLOWED_HOST_LIST') return <HostListSetting name={s.key} hint={hint} error={error} value={value} onChange={onChange} />;
  if (s.kind === 'bool') return <Checkbox label={about.label} name={s.key} hint={hint} error={error} checked={/^(true|1|yes|on)$/i.test(value)} onChange={(e) => onChange(e.target.checked ? 'true' : 'false')} />;
  return <Field label={about.label} name={s.key} hint={hint} error={error} value={value} onChange={(e) => onChange(e.target.value)} />;
}

/** A form field's name for a setting: RHF reads dots as nesting, so `server.LAN_ACCESS` becomes `server__LAN_ACCESS`. */
const fieldName = (s: HostSetting): string => s.key.replace(/\./g, '__');

function SettingsForm({ settings, onSaved }: { settings: HostSetting[]; onSaved(s: HostSetting[]): void }) {
  const { api } = useAuth();
  const [schema] = useState(() => z.object(Object.fromEntries(settings.map((s) => [fieldName(s), z.string().max(4096).optional()]))));
  const form = useApiForm<Record<string, string>>(schema, Object.fromEntries(settings.map((s) => [fieldName(s), s.value])),
    undefined, Object.fromEntries(settings.map((s) => [s.name, fieldName(s)])));
  const values = form.watch();
  const changed = settings.filter((s) => values[fieldName(s)] !== s.value);
  const onSubmit = form.submit(async (v) => {
    onSaved(await api.patch<HostSetting[]>('/api/homeforge/admin/settings', Object.fromEntries(changed.map((s) => [s.key, v[fieldName(s)]]))));
  });
  const busy = form.formState.isSubmitting;
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  return (
    <form onSubmit={onSubmit} className="card form-card" aria-labelledby="host-settings">
      <h2 id="host-settings">Host settings</h2>
      <p className="hint">Changes apply at once and are saved to <code>app.ini</code> in the data folder.</p>
      <ErrorAlert>{form.formError}</ErrorAlert>
      {settings.map((s) => (
        <SettingInput key={s.key} s={s} value={values[fieldName(s)] ?? ''} error={errors[fieldName(s)]?.message}
          onChange={(v) => form.setValue(fieldName(s), v, { shouldDirty: true })} />
      ))}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy || changed.length === 0}>{busy ? 'Saving…' : 'Save settings'}</button>
      </div>
    </form>
  );
}

/** The settings page. */
export function AdminSettingsPage() {
  const { api } = useAuth();
  const settings = useLoad(() => api.get<HostSetting[]>('/api/homeforge/admin/settings'), 'settings');
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <Page title="Host settings">
      <AdminNav />
      <Notice>{notice}</Notice>
      <ErrorAlert>{settings.error}</ErrorAlert>
      {settings.data ? <SettingsForm key={JSON.stringify(settings.data)} settings={settings.data} onSaved={(s) => { settings.set(s); setNotice('Saved the settings.'); }} />
        : !settings.error ? <p role="status" className="loading">Loading settings…</p> : null}
    </Page>
  );
}

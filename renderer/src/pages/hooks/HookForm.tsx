/** The form that adds a webhook at any level (repository, organization, system, default), or edits one. */
import { useState } from 'react';
import type { Hook } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { z } from 'zod';
import { CreateHookOption } from '../../../../server/structs/hook.ts';
import { ErrorAlert } from '../../components/Alert.tsx';
import { Checkbox, Field, Select } from '../../components/Field.tsx';
import { useApiForm } from '../../zod-form.ts';

const EVENTS = [
  ['push', 'Push'], ['create', 'Branch or tag created'], ['delete', 'Branch or tag deleted'], ['repository', 'Repository created or deleted'],
  ['release', 'Release'], ['issues', 'Issues'], ['issue_comment', 'Issue comments'], ['pull_request', 'Pull requests'],
] as const;

interface Props {
  /** Where hooks are created (POST), or, with `editing`, the hook itself (PATCH). */
  apiBase: string;
  /** Marks admin hooks as system hooks. */
  extraConfig?: Record<string, string>;
  /** The hook being edited; without it the form adds a new one. */
  editing?: Hook;
  onCreated(h: Hook): void;
}

/** The kind and branch filter as the API takes them; the config's entries as fields of their own. */
const schema = CreateHookOption.pick({ type: true, branch_filter: true })
  .extend({ url: z.string().min(1).max(2048), content_type: z.enum(['json', 'form']), secret: z.string().max(255).optional() });
type Values = { type: string; branch_filter: string; url: string; content_type: 'json' | 'form'; secret: string };

/** Adds a hook at `apiBase`, or edits `editing` there (Gitea's EditHookOption: the kind stays). */
export function HookForm({ apiBase, extraConfig, editing, onCreated }: Props) {
  const { api } = useAuth();
  const [events, setEvents] = useState<string[]>(editing?.events.length ? editing.events : ['push']);
  const form = useApiForm<Values>(schema, {
    url: editing?.config.url ?? '', type: editing?.type ?? 'gitea', content_type: editing?.config.content_type === 'form' ? 'form' : 'json',
    secret: '', branch_filter: editing?.branch_filter || '*',
  }, undefined, { config: 'url' });
  const onSubmit = form.submit(async (v) => {
    const config = { url: v.url.trim(), content_type: v.content_type, ...(v.secret ? { secret: v.secret } : {}), ...extraConfig };
    const hook = editing
      ? await api.patch<Hook>(apiBase, { events, branch_filter: v.branch_filter, config })
      : await api.post<Hook>(apiBase, { type: v.type, active: true, events, branch_filter: v.branch_filter, config });
    if (!editing) form.setValue('url', '');
    form.setValue('secret', '');
    onCreated(hook);
  });
  const busy = form.formState.isSubmitting;
  const formId = editing ? 'edit-hook' : 'add-hook';
  const toggle = (e: string, on: boolean) => setEvents((old) => (on ? [...old, e] : old.filter((x) => x !== e)));
  return (
    <form onSubmit={onSubmit} className="card form-card" aria-labelledby={formId}>
      <h2 id={formId}>{editing ? 'Edit this webhook' : 'Add a webhook'}</h2>
      <ErrorAlert>{form.formError}</ErrorAlert>
      <Field label="Target URL" type="url" placeholder="http://127.0.0.1:8080/hook" {...form.field('url')}
        hint="The host sends each event to this address. Which hosts are allowed is a site setting (webhook host list)." />
      <div className="form-row">
        <Select label="Kind" {...form.field('type')} required={false} disabled={Boolean(editing)}>
          <option value="gitea">Gitea</option><option value="gogs">Gogs</option><option value="slack">Slack</option>
          <option value="discord">Discord</option><option value="msteams">Microsoft Teams</option><option value="matrix">Matrix</option>
        </Select>
        <Select label="Content type" {...form.field('content_type')}>
          <option value="json">application/json</option><option value="form">application/x-www-form-urlencoded</option>
        </Select>
      </div>
      <Field label="Secret" type="password" autoComplete="new-password" {...form.field('secret')}
        hint={editing ? 'Leave empty to keep the current secret.' : 'Optional. Signs each body (X-Gitea-Signature) so the receiver can check it came from here.'} />
      <Field label="Branch filter" {...form.field('branch_filter')}
        hint={<>A glob such as <code>main</code> or <code>{'{main,release/*}'}</code>; <code>*</code> for every branch.</>} />
      <fieldset className="field-group">
        <legend>Events</legend>
        <div className="event-grid">
          {EVENTS.map(([k, label]) => <Checkbox key={k} label={label} name={`event-${k}`} checked={events.includes(k)} onChange={(e) => toggle(k, e.target.checked)} />)}
        </div>
      </fieldset>
      <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Saving…' : editing ? 'Save webhook' : 'Add webhook'}</button>
    </form>
  );
}

/** The form that adds a webhook at any level (repository, organization, system, default), or edits one. */
import { useState } from 'react';
import type { Hook } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { FormError } from '../../components/Alert.tsx';
import { Checkbox, Field, Select } from '../../components/Field.tsx';
import { useSubmit } from '../../use-submit.ts';

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

/** Adds a hook at `apiBase`, or edits `editing` there (Gitea's EditHookOption: the kind stays). */
export function HookForm({ apiBase, extraConfig, editing, onCreated }: Props) {
  const { api } = useAuth();
  const [url, setUrl] = useState(editing?.config.url ?? '');
  const [type, setType] = useState(editing?.type ?? 'gitea');
  const [contentType, setContentType] = useState(editing?.config.content_type ?? 'json');
  const [secret, setSecret] = useState('');
  const [branchFilter, setBranchFilter] = useState(editing?.branch_filter || '*');
  const [events, setEvents] = useState<string[]>(editing?.events.length ? editing.events : ['push']);
  const submit = useSubmit(async () => {
    const config = { url: url.trim(), content_type: contentType, ...(secret ? { secret } : {}), ...extraConfig };
    const hook = editing
      ? await api.patch<Hook>(apiBase, { events, branch_filter: branchFilter, config })
      : await api.post<Hook>(apiBase, { type, active: true, events, branch_filter: branchFilter, config });
    if (!editing) setUrl('');
    setSecret('');
    onCreated(hook);
  }, ['url', 'type', 'content_type', 'secret', 'branch_filter', 'events']);
  const formId = editing ? 'edit-hook' : 'add-hook';
  const toggle = (e: string, on: boolean) => setEvents((old) => (on ? [...old, e] : old.filter((x) => x !== e)));
  return (
    <form onSubmit={submit.onSubmit} noValidate className="card form-card" aria-labelledby={formId}>
      <h2 id={formId}>{editing ? 'Edit this webhook' : 'Add a webhook'}</h2>
      <FormError error={submit.error} fields={submit.fields} />
      <Field label="Target URL" name="url" type="url" required placeholder="http://127.0.0.1:8080/hook" value={url} error={submit.fields.url ?? submit.fields.config}
        hint="The host sends each event to this address. Which hosts are allowed is a site setting (webhook host list)." onChange={(e) => setUrl(e.target.value)} />
      <div className="form-row">
        <Select label="Kind" name="type" value={type} error={submit.fields.type} disabled={Boolean(editing)} onChange={(e) => setType(e.target.value)}>
          <option value="gitea">Gitea</option><option value="gogs">Gogs</option><option value="slack">Slack</option>
          <option value="discord">Discord</option><option value="msteams">Microsoft Teams</option><option value="matrix">Matrix</option>
        </Select>
        <Select label="Content type" name="content_type" value={contentType} error={submit.fields.content_type} onChange={(e) => setContentType(e.target.value)}>
          <option value="json">application/json</option><option value="form">application/x-www-form-urlencoded</option>
        </Select>
      </div>
      <Field label="Secret" name="secret" type="password" autoComplete="new-password" value={secret} error={submit.fields.secret}
        hint={editing ? 'Leave empty to keep the current secret.' : 'Optional. Signs each body (X-Gitea-Signature) so the receiver can check it came from here.'} onChange={(e) => setSecret(e.target.value)} />
      <Field label="Branch filter" name="branch_filter" value={branchFilter} error={submit.fields.branch_filter}
        hint={<>A glob such as <code>main</code> or <code>{'{main,release/*}'}</code>; <code>*</code> for every branch.</>} onChange={(e) => setBranchFilter(e.target.value)} />
      <fieldset className="field-group">
        <legend>Events</legend>
        <div className="event-grid">
          {EVENTS.map(([k, label]) => <Checkbox key={k} label={label} name={`event-${k}`} checked={events.includes(k)} onChange={(e) => toggle(k, e.target.checked)} />)}
        </div>
      </fieldset>
      <button type="submit" className="btn btn-primary" disabled={submit.busy}>{submit.busy ? 'Saving…' : editing ? 'Save webhook' : 'Add webhook'}</button>
    </form>
  );
}

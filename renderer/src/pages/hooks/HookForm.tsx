/** The form that adds a webhook at any level (repository, organization, system, default). */
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

/** Adds a hook at `apiBase`; `extraConfig` marks admin hooks as system hooks. */
export function HookForm({ apiBase, extraConfig, onCreated }: { apiBase: string; extraConfig?: Record<string, string>; onCreated(h: Hook): void }) {
  const { api } = useAuth();
  const [url, setUrl] = useState('');
  const [type, setType] = useState('gitea');
  const [contentType, setContentType] = useState('json');
  const [secret, setSecret] = useState('');
  const [branchFilter, setBranchFilter] = useState('*');
  const [events, setEvents] = useState<string[]>(['push']);
  const submit = useSubmit(async () => {
    const hook = await api.post<Hook>(apiBase, {
      type, active: true, events, branch_filter: branchFilter,
      config: { url: url.trim(), content_type: contentType, ...(secret ? { secret } : {}), ...extraConfig },
    });
    setUrl('');
    setSecret('');
    onCreated(hook);
  }, ['url', 'type', 'content_type', 'secret', 'branch_filter', 'events']);
  const toggle = (e: string, on: boolean) => setEvents((old) => (on ? [...old, e] : old.filter((x) => x !== e)));
  return (
    <form onSubmit={submit.onSubmit} noValidate className="card form-card" aria-labelledby="add-hook">
      <h2 id="add-hook">Add a webhook</h2>
      <FormError error={submit.error} fields={submit.fields} />
      <Field label="Target URL" name="url" type="url" required placeholder="http://127.0.0.1:8080/hook" value={url} error={submit.fields.url ?? submit.fields.config}
        hint="The host sends each event to this address. Which hosts are allowed is a site setting (webhook host list)." onChange={(e) => setUrl(e.target.value)} />
      <div className="form-row">
        <Select label="Kind" name="type" value={type} error={submit.fields.type} onChange={(e) => setType(e.target.value)}>
          <option value="gitea">Gitea</option><option value="gogs">Gogs</option><option value="slack">Slack</option>
          <option value="discord">Discord</option><option value="msteams">Microsoft Teams</option><option value="matrix">Matrix</option>
        </Select>
        <Select label="Content type" name="content_type" value={contentType} error={submit.fields.content_type} onChange={(e) => setContentType(e.target.value)}>
          <option value="json">application/json</option><option value="form">application/x-www-form-urlencoded</option>
        </Select>
      </div>
      <Field label="Secret" name="secret" type="password" autoComplete="new-password" value={secret} error={submit.fields.secret}
        hint="Optional. Signs each body (X-Gitea-Signature) so the receiver can check it came from here." onChange={(e) => setSecret(e.target.value)} />
      <Field label="Branch filter" name="branch_filter" value={branchFilter} error={submit.fields.branch_filter}
        hint={<>A glob such as <code>main</code> or <code>{'{main,release/*}'}</code>; <code>*</code> for every branch.</>} onChange={(e) => setBranchFilter(e.target.value)} />
      <fieldset className="field-group">
        <legend>Events</legend>
        <div className="event-grid">
          {EVENTS.map(([k, label]) => <Checkbox key={k} label={label} name={`event-${k}`} checked={events.includes(k)} onChange={(e) => toggle(k, e.target.checked)} />)}
        </div>
      </fieldset>
      <button type="submit" className="btn btn-primary" disabled={submit.busy}>{submit.busy ? 'Adding…' : 'Add webhook'}</button>
    </form>
  );
}

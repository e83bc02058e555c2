/** One organization: its teams with members, a new-team form, and its webhooks. */
import { useState } from 'react';
import { seg } from '../../api/client.ts';
import type { Team } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert, FormError, Notice } from '../../components/Alert.tsx';
import { Checkbox, Field, Select } from '../../components/Field.tsx';
import { Page, SubNav } from '../../components/Layout.tsx';
import { useList } from '../../use-list.ts';
import { Pager } from '../../components/Pager.tsx';
import { useSubmit } from '../../use-submit.ts';
import { AdminNav } from '../admin-nav.tsx';
import { HookDetail } from '../hooks/HookDetail.tsx';
import { HookList } from '../hooks/HookList.tsx';
import { TeamCard } from './TeamCard.tsx';

const UNITS = ['repo.code', 'repo.issues', 'repo.pulls', 'repo.releases', 'repo.wiki'];

function TeamForm({ org, onCreated }: { org: string; onCreated(name: string): void }) {
  const { api } = useAuth();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [permission, setPermission] = useState('write');
  const [all, setAll] = useState(false);
  const submit = useSubmit(async () => {
    await api.post(`/api/v1/orgs/${seg(org)}/teams`, { name: name.trim(), description, permission, units: UNITS, includes_all_repositories: all });
    onCreated(name.trim());
    setName('');
    setDescription('');
  }, ['name', 'description', 'permission']);
  return (
    <form onSubmit={submit.onSubmit} noValidate className="card form-card" aria-labelledby="new-team">
      <h2 id="new-team">New team</h2>
      <FormError error={submit.error} fields={submit.fields} />
      <div className="form-row">
        <Field label="Team name" name="name" required value={name} error={submit.fields.name} onChange={(e) => setName(e.target.value)} />
        <Select label="Permission" name="permission" value={permission} error={submit.fields.permission} onChange={(e) => setPermission(e.target.value)}>
          <option value="read">Read</option><option value="write">Write</option><option value="admin">Admin</option>
        </Select>
      </div>
      <Field label="Description" name="description" value={description} error={submit.fields.description} onChange={(e) => setDescription(e.target.value)} />
      <Checkbox label="Access to every repository of the organization" name="includes_all_repositories" checked={all} onChange={(e) => setAll(e.target.checked)} />
      <button type="submit" className="btn btn-primary" disabled={submit.busy || !name.trim()}>{submit.busy ? 'Creating…' : 'Create team'}</button>
    </form>
  );
}

function Teams({ org }: { org: string }) {
  const teams = useList<Team>(`/api/v1/orgs/${seg(org)}/teams`);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <>
      <Notice>{notice}</Notice>
      <ErrorAlert>{teams.error}</ErrorAlert>
      <ul className="team-list" aria-label="Teams">{teams.items?.map((t) => <TeamCard key={t.id} team={t} onChanged={teams.reload} />)}</ul>
      {teams.items ? <Pager list={teams} /> : null}
      <TeamForm org={org} onCreated={(n) => { setNotice(`Created the team ${n}.`); teams.reload(); }} />
    </>
  );
}

/**
 * `/-/admin/orgs/:org` (teams), `/-/admin/orgs/:org/hooks` and `/-/admin/orgs/:org/hooks/:id` for site administrators;
 * with `owner`, the organization's own `/org/:org/teams` for its owners.
 */
export function OrgPage({ org, tab, hookId, owner }: { org: string; tab: 'teams' | 'hooks'; hookId?: string; owner?: boolean }) {
  const base = owner ? `/org/${seg(org)}` : `/-/admin/orgs/${seg(org)}`;
  const hooksApi = `/api/v1/orgs/${seg(org)}/hooks`;
  const teamsPath = owner ? `${base}/teams` : base;
  const hooksBase = owner ? `${base}/settings/hooks` : `${base}/hooks`;
  return (
    <Page title={`Organization ${org}`}>
      {owner ? null : <AdminNav />}
      <SubNav label={`Organization ${org}`} items={[
        ...(owner ? [{ to: `/${seg(org)}`, text: 'Repositories' }] : []),
        { to: teamsPath, text: 'Teams' },
        { to: hooksBase, text: 'Webhooks', prefix: hooksBase },
        ...(owner ? [{ to: `${base}/settings/actions/secrets`, text: 'Secrets and variables' }] : []),
      ]} />
      {tab === 'teams' ? <Teams org={org} /> : null}
      {tab === 'hooks' && !hookId ? <HookList apiBase={hooksApi} uiBase={hooksBase} scopeWords="the events of the organization's repositories" /> : null}
      {tab === 'hooks' && hookId ? <HookDetail apiPath={`${hooksApi}/${seg(hookId)}`} listPath={hooksBase} /> : null}
    </Page>
  );
}

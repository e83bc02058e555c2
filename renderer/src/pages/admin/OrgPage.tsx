/** One organization: its teams with members, a new-team form, and its webhooks. */
import { useState } from 'react';
import { seg } from '../../api/client.ts';
import type { Organization, Team } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert, Notice } from '../../components/Alert.tsx';
import { Checkbox, Field, Select } from '../../components/Field.tsx';
import { Page, SubNav } from '../../components/Layout.tsx';
import { useList } from '../../use-list.ts';
import { useLoad } from '../../use-load.ts';
import { AvatarForm } from '../../components/AvatarForm.tsx';
import { useOwnsOrg } from '../../use-repo-owners.ts';
import { Pager } from '../../components/Pager.tsx';
import { useApiForm } from '../../zod-form.ts';
import { CreateTeamOption } from '../../../../server/structs/org.ts';
import { AdminNav } from '../admin-nav.tsx';
import { HookDetail } from '../hooks/HookDetail.tsx';
import { HookList } from '../hooks/HookList.tsx';
import { TeamCard } from './TeamCard.tsx';

const UNITS = ['repo.code', 'repo.issues', 'repo.pulls', 'repo.releases', 'repo.wiki'];

const teamSchema = CreateTeamOption.pick({ name: true, description: true, permission: true, includes_all_repositories: true });
type TeamValues = { name: string; description: string; permission: 'read' | 'write' | 'admin'; includes_all_repositories: boolean };

function TeamForm({ org, onCreated }: { org: string; onCreated(name: string): void }) {
  const { api } = useAuth();
  const form = useApiForm<TeamValues>(teamSchema, { name: '', description: '', permission: 'write', includes_all_repositories: false }, 'name');
  const onSubmit = form.submit(async (v) => {
    const name = v.name.trim();
    await api.post(`/api/v1/orgs/${seg(org)}/teams`, { ...v, name, units: UNITS });
    onCreated(name);
    form.reset({ ...v, name: '', description: '' });
  });
  const busy = form.formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} className="card form-card" aria-labelledby="new-team">
      <h2 id="new-team">New team</h2>
      <ErrorAlert>{form.formError}</ErrorAlert>
      <div className="form-row">
        <Field label="Team name" {...form.field('name')} />
        <Select label="Permission" {...form.field('permission')}>
          <option value="read">Read</option><option value="write">Write</option><option value="admin">Admin</option>
        </Select>
      </div>
      <Field label="Description" {...form.field('description')} />
      <Checkbox label="Access to every repository of the organization" {...form.field('includes_all_repositories')} />
      <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Creating…' : 'Create team'}</button>
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

/** The organization's settings (Gitea's /org/{org}/settings): its avatar. */
function OrgSettings({ org }: { org: string }) {
  const { api } = useAuth();
  const loaded = useLoad(() => api.get<Organization>(`/api/v1/orgs/${seg(org)}`), `/api/v1/orgs/${org}`);
  return (
    <>
      <ErrorAlert>{loaded.error}</ErrorAlert>
      {loaded.data ? <AvatarForm apiPath={`/api/v1/orgs/${seg(org)}/avatar`} current={loaded.data.avatar_url} whose={`${org}'s`} /> : null}
    </>
  );
}

/**
 * `/-/admin/orgs/:org` (teams), `/-/admin/orgs/:org/hooks` and `/-/admin/orgs/:org/hooks/:id` for site administrators;
 * with `owner`, the organization's own `/org/:org/teams` and `/org/:org/settings` for its owners.
 */
export function OrgPage({ org, tab, hookId, owner }: { org: string; tab: 'teams' | 'hooks' | 'settings'; hookId?: string; owner?: boolean }) {
  const base = owner ? `/org/${seg(org)}` : `/-/admin/orgs/${seg(org)}`;
  const hooksApi = `/api/v1/orgs/${seg(org)}/hooks`;
  const teamsPath = owner ? `${base}/teams` : base;
  const hooksBase = owner ? `${base}/settings/hooks` : `${base}/hooks`;
  const { state } = useAuth();
  const owns = useOwnsOrg(org, !!owner);
  // The organization's own page is for its owners: others get the API's refusals on every card and form.
  const mayManage = !owner || owns === true || (state.kind === 'signed-in' && state.user.is_admin);
  const refused = !mayManage && owns === false;
  return (
    <Page title={`Organization ${org}`}>
      {owner ? null : <AdminNav />}
      <SubNav label={`Organization ${org}`} items={[
        ...(owner ? [{ to: `/${seg(org)}`, text: 'Repositories' }] : []),
        { to: teamsPath, text: 'Teams' },
        { to: hooksBase, text: 'Webhooks', prefix: hooksBase },
        ...(owner ? [{ to: `${base}/settings/actions/secrets`, text: 'Secrets and variables' }, { to: `${base}/settings`, text: 'Settings' }] : []),
      ]} />
      {refused ? <p className="muted" role="status">Only the owners of {org} and site administrators manage its {tab === 'teams' ? 'teams' : tab === 'hooks' ? 'webhooks' : 'settings'}.</p> : null}
      {tab === 'teams' && mayManage ? <Teams org={org} /> : null}
      {tab === 'settings' && mayManage ? <OrgSettings org={org} /> : null}
      {tab === 'hooks' && mayManage && !hookId ? <HookList apiBase={hooksApi} uiBase={hooksBase} scopeWords="the events of the organization's repositories" /> : null}
      {tab === 'hooks' && mayManage && hookId ? <HookDetail apiPath={`${hooksApi}/${seg(hookId)}`} listPath={hooksBase} /> : null}
    </Page>
  );
}

/** A team's repositories: the list with a remove button, and a picker of the organization's other repositories to add. */
import { useState } from 'react';
import { errorText, seg } from '../../api/client.ts';
import type { Repository, Team } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { useLoad } from '../../use-load.ts';

/** The repositories part of a team's card (not shown for a team that has every repository). */
export function TeamRepos({ team }: { team: Team }) {
  const { api } = useAuth();
  const org = team.organization.name;
  const repos = useLoad(() => api.get<Repository[]>(`/api/v1/teams/${team.id}/repos`, { query: { limit: 100 } }), `team-repos|${team.id}`);
  const orgRepos = useLoad(() => api.get<Repository[]>(`/api/v1/orgs/${seg(org)}/repos`, { query: { limit: 100 } }), `org-repos|${org}`);
  const [pick, setPick] = useState('');
  const [error, setError] = useState<string | null>(null);
  const act = async (what: () => Promise<unknown>) => {
    setError(null);
    try {
      await what();
      repos.reload();
    } catch (err) {
      setError(errorText(err));
    }
  };
  const has = new Set(repos.data?.map((r) => r.name));
  const addable = orgRepos.data?.filter((r) => !has.has(r.name)) ?? [];
  const path = (name: string) => `/api/v1/teams/${team.id}/repos/${seg(org)}/${seg(name)}`;
  return (
    <div className="team-repos">
      <h4>Repositories</h4>
      <ul className="plain-list" aria-label={`Repositories of ${team.name}`}>
        {repos.data?.map((r) => (
          <li key={r.id} className="member">
            {r.name}
            {team.includes_all_repositories ? null : (
              <button type="button" className="btn btn-small btn-ghost" aria-label={`Remove ${r.name} from ${team.name}`}
                onClick={() => { void act(() => api.delete(path(r.name))); }}>Remove</button>
            )}
          </li>
        ))}
        {repos.data?.length === 0 ? <li className="muted">No repositories yet.</li> : null}
      </ul>
      {team.includes_all_repositories ? null : (
        <form className="inline-add" onSubmit={(e) => { e.preventDefault(); void act(async () => { await api.request('PUT', path(pick)); setPick(''); }); }}>
          <label htmlFor={`repo-${team.id}`} className="visually-hidden">Repository to give to {team.name}</label>
          <select id={`repo-${team.id}`} value={pick} onChange={(e) => setPick(e.target.value)} aria-describedby={error ? `repo-err-${team.id}` : undefined}>
            <option value="">{addable.length ? 'Choose a repository…' : 'No other repositories'}</option>
            {addable.map((r) => <option key={r.id} value={r.name}>{r.name}</option>)}
          </select>
          <button type="submit" className="btn btn-small" disabled={!pick}>Add repository</button>
        </form>
      )}
      {error ? <p className="inline-error" id={`repo-err-${team.id}`} role="alert">{error}</p> : null}
    </div>
  );
}

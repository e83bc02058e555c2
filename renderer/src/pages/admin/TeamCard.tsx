/** One team of an organization: permission, members (add, remove), repositories and delete. */
import { useState } from 'react';
import { errorText, seg } from '../../api/client.ts';
import type { Team, User } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { ConfirmButton } from '../../components/ConfirmButton.tsx';
import { ErrorAlert } from '../../components/Alert.tsx';
import { Pager } from '../../components/Pager.tsx';
import { useList } from '../../use-list.ts';
import { TeamRepos } from './TeamRepos.tsx';

/** Members shown at once; more are a page away. */
const MEMBERS_PER_PAGE = 10;

/** The team's card; `onChanged` reloads the team list. */
export function TeamCard({ team, onChanged }: { team: Team; onChanged(): void }) {
  const { api } = useAuth();
  const members = useList<User>(`/api/v1/teams/${team.id}/members`, {}, { limit: MEMBERS_PER_PAGE, pageParam: `team-${team.id}-page` });
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const act = async (what: () => Promise<unknown>) => {
    setError(null);
    try {
      await what();
      members.reload();
    } catch (err) {
      setError(errorText(err));
    }
  };
  const owners = team.name === 'Owners';
  return (
    <li className="card team" aria-labelledby={`team-${team.id}`}>
      <div className="repo-head">
        <h3 id={`team-${team.id}`} className="repo-name">{team.name}</h3>
        <span className="badge badge-muted">{owners ? 'owner' : team.permission}</span>
        {team.includes_all_repositories ? <span className="badge badge-muted">all repositories</span> : null}
      </div>
      {team.description ? <p className="muted">{team.description}</p> : null}
      <ul className="plain-list" aria-label={`Members of ${team.name}`}>
        {members.items?.map((m) => (
          <li key={m.id} className="member">
            {m.login}
            <button type="button" className="btn btn-small btn-ghost" aria-label={`Remove ${m.login} from ${team.name}`}
              onClick={() => { void act(() => api.delete(`/api/v1/teams/${team.id}/members/${seg(m.login)}`)); }}>Remove</button>
          </li>
        ))}
        {members.items?.length === 0 && members.page === 1 ? <li className="muted">No members yet.</li> : null}
      </ul>
      <ErrorAlert>{members.error}</ErrorAlert>
      <Pager list={members} label={`Pages of the members of ${team.name}`} />
      <form className="inline-add" onSubmit={(e) => { e.preventDefault(); void act(async () => { await api.request('PUT', `/api/v1/teams/${team.id}/members/${seg(name.trim())}`); setName(''); }); }}>
        <label htmlFor={`add-${team.id}`} className="visually-hidden">User to add to {team.name}</label>
        <input id={`add-${team.id}`} placeholder="User name" value={name} onChange={(e) => setName(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `err-${team.id}` : undefined} />
        <button type="submit" className="btn btn-small" disabled={!name.trim()}>Add member</button>
      </form>
      {error ? <p className="inline-error" id={`err-${team.id}`} role="alert">{error}</p> : null}
      <TeamRepos team={team} />
      {owners ? null : (
        <div className="form-actions">
          <ConfirmButton label={`Delete team ${team.name}`} question={`Delete the team ${team.name}?`} confirmLabel="Delete team"
            onConfirm={() => act(async () => { await api.delete(`/api/v1/teams/${team.id}`); onChanged(); })}>Delete team</ConfirmButton>
        </div>
      )}
    </li>
  );
}

/**
 * Who is asked to review a pull request, at the top of its sidebar (as in Gitea). Writers and the poster ask
 * another user, with the repository's possible reviewers suggested, or take a request back.
 */
import { useState } from 'react';
import { errorText } from '../../../api/client.ts';
import type { PullRequest } from '../../../api/types.ts';
import { useAuth } from '../../../auth.tsx';
import { ErrorAlert } from '../../../components/Alert.tsx';
import { Field } from '../../../components/Field.tsx';
import { PeopleList } from '../issues/PeopleList.tsx';

export function ReviewRequests({ pull, path, canRequest, onChange }: { pull: PullRequest; path: string; canRequest: boolean; onChange(): void }) {
  const { api } = useAuth();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = async (method: 'POST' | 'DELETE', login: string) => {
    setError(null);
    try {
      await api.request(method, `${path}/requested_reviewers`, { body: { reviewers: [login] } });
      if (method === 'POST') setName('');
      onChange();
    } catch (err) {
      setError(`${method === 'POST' ? `${login} was not asked to review` : `The request to ${login} was not taken back`}: ${errorText(err)}`);
    }
  };
  const users = pull.requested_reviewers ?? [];
  const teams = pull.requested_reviewers_teams ?? [];
  const open = pull.state === 'open' && !pull.merged;
  return (
    <section aria-label="Reviewers">
      <h3>Reviewers</h3>
      <ErrorAlert>{error}</ErrorAlert>
      {users.length || teams.length ? (
        <ul className="plain-list">
          {users.map((u) => (
            <li key={u.id}>{u.login}{canRequest && open ? <> <button type="button" className="btn btn-small" onClick={() => void change('DELETE', u.login)}>Remove <span className="visually-hidden">the request to {u.login}</span></button></> : null}</li>
          ))}
          {teams.map((t) => <li key={`team-${t.id}`}>{t.name} <span className="muted">(team)</span></li>)}
        </ul>
      ) : <p className="muted">Nobody is asked.</p>}
      {canRequest && open ? (
        <form className="filter-bar" onSubmit={(e) => { e.preventDefault(); void change('POST', name.trim()); }}>
          <Field label="Ask for a review from" name="reviewer" list="reviewer-candidates" autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
          <PeopleList id="reviewer-candidates" role="reviewers" />
          <button type="submit" className="btn btn-small" disabled={!name.trim()}>Request review</button>
        </form>
      ) : null}
    </section>
  );
}

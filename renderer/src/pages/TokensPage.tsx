/** Access tokens of one account: the signed-in user's own (Settings) or any account's (site administration). */
import { useState } from 'react';
import { errorText } from '../api/client.ts';
import type { AccessToken } from '../api/types.ts';
import { useUser } from '../auth.tsx';
import { ErrorAlert, Notice } from '../components/Alert.tsx';
import { ConfirmButton } from '../components/ConfirmButton.tsx';
import { Page } from '../components/Layout.tsx';
import { AdminNav, SettingsNav } from './admin-nav.tsx';
import { TokenCreate } from './TokenCreate.tsx';
import { useTokens } from './use-tokens.ts';
import { Pager } from '../components/Pager.tsx';

function TokenTable({ tokens, onDelete }: { tokens: AccessToken[]; onDelete(t: AccessToken): Promise<void> }) {
  if (tokens.length === 0) return <p className="muted">No tokens yet.</p>;
  return (
    <div className="table-wrap">
      <table className="table">
        <caption className="visually-hidden">Access tokens</caption>
        <thead><tr><th scope="col">Name</th><th scope="col">Permissions</th><th scope="col">Ends with</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
        <tbody>
          {tokens.map((t) => (
            <tr key={t.id}>
              <th scope="row">{t.name}</th>
              <td><div className="badges">{t.scopes.map((s) => <span key={s} className="badge badge-muted">{s}</span>)}</div></td>
              <td><code>…{t.token_last_eight}</code></td>
              <td className="row-actions">
                <ConfirmButton label={`Delete the token ${t.name}`} question={`Delete “${t.name}”? Programs using it lose access.`} confirmLabel="Delete token"
                  onConfirm={() => onDelete(t)}>Delete</ConfirmButton>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Lists, creates and deletes the tokens of `username` (the signed-in user when omitted). */
export function TokensPage({ username }: { username?: string }) {
  const me = useUser();
  const owner = username ?? me.login;
  const t = useTokens(owner);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const remove = async (token: AccessToken) => {
    setError(null);
    setNotice(null);
    try {
      await t.remove(token);
      setNotice(`Deleted the token “${token.name}”.`);
    } catch (err) {
      setError(`The token “${token.name}” was not deleted: ${errorText(err)}`);
    }
  };
  const other = owner !== me.login;
  return (
    <Page title={other ? `Access tokens of ${owner}` : 'Access tokens'}>
      {username ? <AdminNav /> : <SettingsNav />}
      <p className="lead">Tokens let git, scripts and Gitea API clients act as {other ? owner : 'you'}. Send one as <code>Authorization: token …</code>, or as the password when git asks.</p>
      <ErrorAlert>{t.error ?? error}</ErrorAlert>
      <Notice>{notice}</Notice>
      {t.tokens ? (
        <>
          <TokenCreate owner={other ? owner : ''} create={t.create} />
          <section className="card" aria-labelledby="tokens-title">
            <h2 id="tokens-title">Existing tokens</h2>
            <TokenTable tokens={t.tokens} onDelete={remove} />
            <Pager list={t.list} />
          </section>
        </>
      ) : !t.error ? <p role="status" className="loading">Loading tokens…</p> : null}
    </Page>
  );
}

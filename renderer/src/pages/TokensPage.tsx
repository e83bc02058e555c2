/** Access tokens of one account: the signed-in user's own (Settings) or any account's (site administration). */
import { useCallback, useEffect, useState } from 'react';
import { errorText, seg, type RequestOptions } from '../api/client.ts';
import type { AccessToken } from '../api/types.ts';
import { useAuth, useUser } from '../auth.tsx';
import { ErrorAlert, Notice } from '../components/Alert.tsx';
import { ConfirmButton } from '../components/ConfirmButton.tsx';
import { Page } from '../components/Layout.tsx';
import { AdminNav, SettingsNav } from './admin-nav.tsx';
import { PasswordGate, needsPassword, type Credentials } from './PasswordGate.tsx';
import { TokenCreate } from './TokenCreate.tsx';

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
  const { api } = useAuth();
  const me = useUser();
  const owner = username ?? me.login;
  const base = `/api/v1/users/${seg(owner)}/tokens`;
  const [creds, setCreds] = useState<Credentials | null>(null);
  const [gate, setGate] = useState(false);
  const [tokens, setTokens] = useState<AccessToken[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const auth = useCallback((c: Credentials | null): RequestOptions => (c ? { basic: c } : {}), []);

  const load = useCallback(async (c: Credentials | null) => {
    setTokens(await api.get<AccessToken[]>(base, { ...auth(c), query: { limit: 50 } }));
  }, [api, base, auth]);

  useEffect(() => {
    setTokens(null);
    load(creds).catch((err: unknown) => { if (needsPassword(err)) setGate(true); else setError(errorText(err)); });
    // Only a change of account reloads here; new credentials load through the gate.
  }, [load]);

  const withCreds = async (c: Credentials) => {
    await load(c);
    setCreds(c);
    setGate(false);
  };
  const create = async (name: string, scopes: string[]) => {
    const t = await api.post<AccessToken>(base, { name, scopes }, auth(creds));
    await load(creds);
    return t;
  };
  const remove = async (t: AccessToken) => {
    setError(null);
    try {
      await api.delete(`${base}/${seg(t.id)}`, auth(creds));
      setNotice(`Deleted the token “${t.name}”.`);
      await load(creds);
    } catch (err) {
      setError(`The token “${t.name}” was not deleted: ${errorText(err)}`);
    }
  };
  const other = owner !== me.login;
  return (
    <Page title={other ? `Access tokens of ${owner}` : 'Access tokens'}>
      {username ? <AdminNav /> : <SettingsNav />}
      <p className="lead">Tokens let git, scripts and Gitea API clients act as {other ? owner : 'you'}. Send one as <code>Authorization: token …</code>, or as the password when git asks.</p>
      <ErrorAlert>{error}</ErrorAlert>
      <Notice>{notice}</Notice>
      {gate ? <PasswordGate reason="Gitea's API manages tokens with a password, not with a token." onCredentials={withCreds} /> : null}
      {tokens ? (
        <>
          <TokenCreate owner={other ? owner : ''} create={create} />
          <section className="card" aria-labelledby="tokens-title">
            <h2 id="tokens-title">Existing tokens</h2>
            <TokenTable tokens={tokens} onDelete={remove} />
          </section>
        </>
      ) : !gate && !error ? <p role="status" className="loading">Loading tokens…</p> : null}
    </Page>
  );
}

/**
 * The token API of one account. Gitea manages tokens with basic auth only (reqBasicOrRevProxyAuth), and takes a
 * token sent as the Basic password there, as it does for git: the UI sends its session token that way, so a
 * signed-in user (the desktop owner too, who may never type a password) needs no password or second factor again.
 */
import { useCallback, useEffect, useState } from 'react';
import { errorText, seg, type RequestOptions } from '../api/client.ts';
import type { AccessToken } from '../api/types.ts';
import { useAuth, useUser } from '../auth.tsx';

export interface TokenApi {
  tokens: AccessToken[] | null;
  error: string | null;
  create(name: string, scopes: string[]): Promise<AccessToken>;
  remove(t: AccessToken): Promise<void>;
}

/** Loads and changes the tokens of `owner`. */
export function useTokens(owner: string): TokenApi {
  const { api } = useAuth();
  const me = useUser();
  const base = `/api/v1/users/${seg(owner)}/tokens`;
  const [tokens, setTokens] = useState<AccessToken[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const opts = useCallback((): RequestOptions => ({ basic: { username: me.login, password: api.currentToken() ?? '' } }), [api, me.login]);

  useEffect(() => {
    setTokens(null);
    setError(null);
    api.get<AccessToken[]>(base, { ...opts(), query: { limit: 50 } }).then(setTokens, (err: unknown) => setError(errorText(err)));
  }, [api, base, opts]);

  const create = async (name: string, scopes: string[]) => {
    const t = await api.post<AccessToken>(base, { name, scopes }, opts());
    setTokens((old) => [...(old ?? []), t]);
    return t;
  };
  const remove = async (t: AccessToken) => {
    await api.delete(`${base}/${seg(t.id)}`, opts());
    setTokens((old) => (old ?? []).filter((x) => x.id !== t.id));
  };
  return { tokens, error, create, remove };
}

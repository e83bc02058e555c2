/**
 * The token API of one account. The host lets a UI session manage its user's tokens (as Gitea's settings page
 * does with its session), and never a personal token: the session goes in the usual Authorization header.
 */
import { useEffect, useState } from 'react';
import { errorText, seg } from '../api/client.ts';
import type { AccessToken } from '../api/types.ts';
import { useAuth } from '../auth.tsx';

export interface TokenApi {
  tokens: AccessToken[] | null;
  error: string | null;
  create(name: string, scopes: string[]): Promise<AccessToken>;
  remove(t: AccessToken): Promise<void>;
}

/** Loads and changes the tokens of `owner`. */
export function useTokens(owner: string): TokenApi {
  const { api } = useAuth();
  const base = `/api/v1/users/${seg(owner)}/tokens`;
  const [tokens, setTokens] = useState<AccessToken[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setTokens(null);
    setError(null);
    api.get<AccessToken[]>(base, { query: { limit: 50 } }).then(setTokens, (err: unknown) => setError(errorText(err)));
  }, [api, base]);

  const create = async (name: string, scopes: string[]) => {
    const t = await api.post<AccessToken>(base, { name, scopes });
    setTokens((old) => [...(old ?? []), t]);
    return t;
  };
  const remove = async (t: AccessToken) => {
    await api.delete(`${base}/${seg(t.id)}`);
    setTokens((old) => (old ?? []).filter((x) => x.id !== t.id));
  };
  return { tokens, error, create, remove };
}

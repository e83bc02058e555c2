/**
 * The token API of one account. The host lets a UI session manage its user's tokens (as Gitea's settings page
 * does with its session), and never a personal token: the session goes in the usual Authorization header.
 */
import { seg } from '../api/client.ts';
import type { AccessToken } from '../api/types.ts';
import { useAuth } from '../auth.tsx';
import { useList, type ListPage } from '../use-list.ts';

export interface TokenApi {
  tokens: AccessToken[] | null;
  error: string | null;
  /** The page of the list shown (`?page=`), for the pager. */
  list: ListPage<AccessToken>;
  create(name: string, scopes: string[]): Promise<AccessToken>;
  remove(t: AccessToken): Promise<void>;
}

/** Loads (one page at a time) and changes the tokens of `owner`; a change reloads the list. */
export function useTokens(owner: string): TokenApi {
  const { api } = useAuth();
  const base = `/api/v1/users/${seg(owner)}/tokens`;
  const list = useList<AccessToken>(base);
  const create = async (name: string, scopes: string[]) => {
    const t = await api.post<AccessToken>(base, { name, scopes });
    list.reload();
    return t;
  };
  const remove = async (t: AccessToken) => {
    await api.delete(`${base}/${seg(t.id)}`);
    list.reload();
  };
  return { tokens: list.items, error: list.error, list, create, remove };
}

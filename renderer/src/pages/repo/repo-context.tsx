/** The repository a repository page shows, loaded once by RepoFrame and shared with its tabs. */
import { createContext, useContext } from 'react';
import type { Repository } from '../../api/types.ts';
import { seg } from '../../api/client.ts';

export interface RepoValue {
  repo: Repository;
  /** `/api/v1/repos/{owner}/{name}` */
  api: string;
  /** `/{owner}/{name}`: the UI address of the repository. */
  base: string;
  /** Loads the repository again (after a settings change). */
  reload(): void;
  replace(repo: Repository): void;
}

export const RepoContext = createContext<RepoValue | null>(null);

/** The current repository; only inside RepoFrame. */
export function useRepo(): RepoValue {
  const v = useContext(RepoContext);
  if (!v) throw new Error('useRepo outside RepoFrame');
  return v;
}

/** API and UI paths of `owner/name`. */
export const repoPaths = (owner: string, name: string) => ({ api: `/api/v1/repos/${seg(owner)}/${seg(name)}`, base: `/${seg(owner)}/${seg(name)}` });

/** How a web address names a revision, as Gitea's `/src/{kind}/...` and `/commits/{kind}/...` do. */
export type RefKind = 'branch' | 'tag' | 'commit';

/** Encodes a slash-separated path segment by segment. */
export const encodePath = (p: string): string => p.split('/').filter(Boolean).map(seg).join('/');

/** The UI address of `path` in the files at `ref`: `/{owner}/{repo}/src/{kind}/{ref}/{path}`. */
export const srcHref = (base: string, kind: RefKind, ref: string, path = ''): string => `${base}/src/${kind}/${encodePath(ref)}${path ? `/${encodePath(path)}` : ''}`;

/** The UI address of the commit list of `ref`. */
export const commitsHref = (base: string, kind: RefKind, ref: string): string => `${base}/commits/${kind}/${encodePath(ref)}`;

/** The UI address of one commit. */
export const commitHref = (base: string, sha: string): string => `${base}/commit/${seg(sha)}`;

/** Gitea's Watch and Star buttons beside a repository's heading, each with its count; signed-out viewers see the counts only. */
import { useState } from 'react';
import { ApiError, errorText, seg, type ApiClient } from '../../api/client.ts';
import type { Repository } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert } from '../../components/Alert.tsx';
import { useLoad } from '../../use-load.ts';
import { useRepoSettings } from '../../use-repo-settings.ts';

/** True when GET `path` answers 2xx, false on 404 (Gitea's "not watching" and "not starred"). */
async function answers(api: ApiClient, path: string): Promise<boolean> {
  try {
    await api.get(path);
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return false;
    throw err;
  }
}

interface ToggleProps {
  on: boolean;
  words: [off: string, on: string];
  count: number;
  /** Singular and plural of what is counted: shown without a toggle, for screen readers only beside one. */
  nouns: [one: string, many: string];
  /** Absent for a viewer who may not toggle: the count is shown on its own. */
  toggle?: (() => void) | undefined;
  busy: boolean;
}

function Toggle({ on, words, count, nouns, toggle, busy }: ToggleProps) {
  return (
    <span className="repo-action">
      {toggle ? <button type="button" className="btn btn-small" disabled={busy} onClick={toggle}>{on ? words[1] : words[0]}</button> : null}
      <span className="repo-action-count">{count}<span className={toggle ? 'visually-hidden' : undefined}> {count === 1 ? nouns[0] : nouns[1]}</span></span>
    </span>
  );
}

/** The Watch and Star toggles of `repo` for the signed-in viewer (the repository's counts follow through its reload). */
export function RepoActions({ repo }: { repo: Repository }) {
  const { api, state } = useAuth();
  const me = state.kind === 'signed-in' ? state.user.login : null;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const full = `${seg(repo.owner.login)}/${seg(repo.name)}`;
  const watchPath = `/api/v1/repos/${full}/subscription`;
  const starPath = `/api/v1/user/starred/${full}`;
  const settings = useRepoSettings();
  const mine = useLoad(async () => (me ? { watching: await answers(api, watchPath), starring: await answers(api, starPath) } : null), `${full}|watch-star|${me ?? ''}`);
  const flip = (path: string, on: boolean) => () => {
    setBusy(true);
    setError(null);
    // Every write refreshes the cached reads: the repository comes back with its new counts, and `mine` with the new state.
    void api.request(on ? 'DELETE' : 'PUT', path).catch((err: unknown) => setError(errorText(err))).finally(() => setBusy(false));
  };
  const now = mine.data;
  return (
    <div className="repo-actions" role="group" aria-label="Watch and star">
      <Toggle on={!!now?.watching} words={['Watch', 'Unwatch']} count={repo.watchers_count} nouns={['watcher', 'watchers']} busy={busy}
        toggle={now ? flip(watchPath, now.watching) : undefined} />
      {settings.data?.stars_disabled ? null : (
        <Toggle on={!!now?.starring} words={['Star', 'Unstar']} count={repo.stars_count} nouns={['star', 'stars']} busy={busy}
          toggle={now ? flip(starPath, now.starring) : undefined} />
      )}
      <ErrorAlert>{error ?? mine.error}</ErrorAlert>
    </div>
  );
}

/** Raw and Download for a file, and a Download archive menu: plain links, or fetched with the session when signed in. */
import { useState, type MouseEvent } from 'react';
import { errorText } from '../../api/client.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert } from '../Alert.tsx';

/** Fetches `url` with the session token and hands it to the browser, opened or saved as `name`. */
export function useAuthedOpen(): [(url: string, name: string | null) => void, string | null] {
  const { api } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const open = (url: string, name: string | null) => {
    const token = api.currentToken();
    // A plain link carries no token, so with a session the file is fetched with it and handed over as a blob.
    if (!token) {
      if (name) {
        const a = document.createElement('a');
        a.href = url;
        a.download = name;
        a.click();
      } else window.open(url, '_blank', 'noopener');
      return;
    }
    setError(null);
    fetch(url, { headers: { Authorization: `token ${token}` } }).then(async (res) => {
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const blob = await res.blob();
      const href = URL.createObjectURL(name ? blob : new Blob([blob], { type: 'text/plain' }));
      const a = document.createElement('a');
      a.href = href;
      if (name) a.download = name;
      else a.target = '_blank';
      a.click();
      setTimeout(() => URL.revokeObjectURL(href), 30_000);
    }).catch((err: unknown) => setError(`Could not open the file: ${errorText(err)}`));
  };
  return [open, error];
}

/** Raw (open) and Download (save) of one file. */
export function FileActions({ rawUrl, name }: { rawUrl: string; name: string }) {
  const [open, error] = useAuthedOpen();
  const go = (e: MouseEvent, download: boolean) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey) return;
    e.preventDefault();
    open(rawUrl, download ? name : null);
  };
  return (
    <span className="file-actions">
      <a className="btn btn-small" href={rawUrl} onClick={(e) => go(e, false)}>Raw</a>
      <a className="btn btn-small" href={rawUrl} download={name} onClick={(e) => go(e, true)}>Download</a>
      {error ? <ErrorAlert>{error}</ErrorAlert> : null}
    </span>
  );
}

/** The Download archive menu of a repository at `ref`: zip and tar.gz from `/{owner}/{repo}/archive/`. */
export function ArchiveMenu({ base, repoName, refName }: { base: string; repoName: string; refName: string }) {
  const [open, error] = useAuthedOpen();
  const safe = refName.replace(/[/\\]/g, '-');
  const item = (ext: string) => {
    const url = `${base}/archive/${refName.split('/').map(encodeURIComponent).join('/')}.${ext}`;
    return <li key={ext}><a href={url} download onClick={(e) => { e.preventDefault(); open(url, `${repoName}-${safe}.${ext}`); }}>{ext === 'zip' ? 'ZIP' : 'TAR.GZ'}</a></li>;
  };
  return (
    <details className="archive-menu">
      <summary className="btn btn-small">Download archive</summary>
      <ul className="menu card">{item('zip')}{item('tar.gz')}</ul>
      {error ? <ErrorAlert>{error}</ErrorAlert> : null}
    </details>
  );
}

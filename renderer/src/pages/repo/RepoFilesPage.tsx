/** Files of a repository at a branch or tag: a folder listing or one file, with the latest commit. */
import { useState } from 'react';
import { errorText } from '../../api/client.ts';
import type { Commit, ContentEntry } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert } from '../../components/Alert.tsx';
import { When } from '../../components/When.tsx';
import { useParams } from 'react-router';
import { Link, useRouter } from '../../router.tsx';
import { useLoad } from '../../use-load.ts';
import { EmptyRepo } from './EmptyRepo.tsx';
import { RefPicker, splitRefPath, useRefs } from './RefPicker.tsx';
import { commitHref, commitsHref, encodePath, srcHref, useRepo, type RefKind } from './repo-context.tsx';

const MAX_SHOWN = 512 * 1024;

function decodeText(content: string): string | null {
  const bytes = Uint8Array.from(atob(content), (c) => c.charCodeAt(0));
  if (bytes.includes(0)) return null;
  return new TextDecoder().decode(bytes);
}

function Crumbs({ path, href }: { path: string; href(p: string): string }) {
  const { repo } = useRepo();
  const parts = path ? path.split('/') : [];
  return (
    <nav aria-label="Folder" className="crumbs">
      <Link to={href('')}>{repo.name}</Link>
      {parts.map((p, i) => <span key={i}> / {i === parts.length - 1 ? <span aria-current="location">{p}</span> : <Link to={href(parts.slice(0, i + 1).join('/'))}>{p}</Link>}</span>)}
    </nav>
  );
}

function Listing({ entries, href }: { entries: ContentEntry[]; href(p: string): string }) {
  const sorted = [...entries].sort((a, b) => (a.type === 'dir' ? 0 : 1) - (b.type === 'dir' ? 0 : 1) || a.name.localeCompare(b.name));
  return (
    <div className="table-wrap">
      <table className="table files">
        <caption className="visually-hidden">Files and folders</caption>
        <thead><tr><th scope="col">Name</th><th scope="col">Kind</th><th scope="col">Size</th></tr></thead>
        <tbody>
          {sorted.map((e) => (
            <tr key={e.path}>
              <th scope="row">{e.type === 'dir' || e.type === 'file' ? <Link to={href(e.path)}>{e.type === 'dir' ? `${e.name}/` : e.name}</Link> : e.name}</th>
              <td className="muted">{e.type === 'dir' ? 'folder' : e.type}</td>
              <td className="muted">{e.type === 'file' ? `${e.size.toLocaleString()} bytes` : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function FileView({ entry, rawUrl }: { entry: ContentEntry; rawUrl: string }) {
  const { api } = useAuth();
  const [error, setError] = useState<string | null>(null);
  // A plain link would carry no token, so a private file is fetched with it and handed over as a blob.
  const download = async () => {
    const res = await fetch(rawUrl, { headers: api.currentToken() ? { Authorization: `token ${api.currentToken()}` } : {} });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const url = URL.createObjectURL(await res.blob());
    const a = document.createElement('a');
    a.href = url;
    a.download = entry.name;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  const text = entry.content && entry.size <= MAX_SHOWN ? decodeText(entry.content) : null;
  return (
    <section className="card file-view" aria-labelledby="file-name">
      <div className="file-head">
        <h2 id="file-name">{entry.name}</h2>
        <span className="muted">{entry.size.toLocaleString()} bytes</span>
        <button type="button" className="btn btn-small" onClick={() => { download().catch((err: unknown) => setError(`Download failed: ${errorText(err)}`)); }}>Download</button>
      </div>
      <ErrorAlert>{error}</ErrorAlert>
      {text !== null ? <pre className="file-text" tabIndex={0} aria-label={`Contents of ${entry.name}`}><code>{text}</code></pre>
        : <p className="muted">{entry.size > MAX_SHOWN ? 'This file is too large to show here.' : 'This file is binary.'} Download it to open it.</p>}
    </section>
  );
}

function LatestCommit({ at, kind }: { at: string; kind: RefKind }) {
  const { api } = useAuth();
  const { api: base, base: ui } = useRepo();
  const c = useLoad(() => api.get<Commit[]>(`${base}/commits`, { query: { sha: at, limit: 1, stat: false, files: false } }), `${base}@${at}`);
  const commit = c.data?.[0];
  if (!commit) return null;
  return (
    <p className="latest-commit">
      <Link to={commitHref(ui, commit.sha)}><code>{commit.sha.slice(0, 10)}</code></Link>{' '}
      <span className="commit-subject">{commit.commit.message.split('\n')[0]}</span>{' '}
      <span className="muted">by {commit.commit.author.name}, <When iso={commit.commit.author.date} /></span>{' '}
      <Link to={commitsHref(ui, kind, at)}>History</Link>
    </p>
  );
}

const KINDS: RefKind[] = ['branch', 'tag', 'commit'];

/** The Files tab: the repository home (default branch) or `/src/{branch|tag|commit}/{ref}/{path...}`. */
export function RepoFilesPage() {
  const { api } = useAuth();
  const { repo, api: base, base: ui } = useRepo();
  const { navigate } = useRouter();
  const params = useParams();
  const refs = useRefs();
  const kind: RefKind = KINDS.includes(params.kind as RefKind) ? (params.kind as RefKind) : 'branch';
  const rest = params['*'] ?? '';
  const waitRefs = rest.includes('/') && kind !== 'commit' && !refs;
  const { ref: given, path } = splitRefPath(kind, rest, refs);
  const ref = given || repo.default_branch;
  const href = (p: string, r = ref, k = kind) => srcHref(ui, k, r, p);
  const contents = useLoad(() => (repo.empty || waitRefs ? Promise.resolve(null) : api.get<ContentEntry[] | ContentEntry>(`${base}/contents/${encodePath(path)}`, { query: { ref } })), `${base}|${ref}|${path}|${repo.empty}|${waitRefs}`);
  if (repo.empty) return <EmptyRepo />;
  const data = contents.data;
  return (
    <div className="files-page">
      <div className="files-bar">
        <RefPicker value={ref} onChange={(r, k) => navigate(href(path, r, k))} />
        <Crumbs path={path} href={(p) => href(p)} />
      </div>
      <LatestCommit at={ref} kind={kind} />
      <ErrorAlert>{contents.error}</ErrorAlert>
      {!data && !contents.error ? <p role="status" className="loading">Loading files…</p> : null}
      {Array.isArray(data) ? (data.length ? <Listing entries={data} href={(p) => href(p)} /> : <p className="muted">This folder is empty.</p>) : null}
      {data && !Array.isArray(data) ? <FileView entry={data} rawUrl={`${base}/raw/${encodePath(path)}?ref=${encodeURIComponent(ref)}`} /> : null}
    </div>
  );
}

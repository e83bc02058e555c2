/** Files of a repository at a branch or tag: a folder listing or one file, with the latest commit. */
import { useState } from 'react';
import type { Commit, ContentEntry } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert } from '../../components/Alert.tsx';
import { ArchiveMenu } from '../../components/code/FileActions.tsx';
import { FileView } from '../../components/code/FileView.tsx';
import { Markdown } from '../../components/code/Markdown.tsx';
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

const isMarkdown = (name: string): boolean => /\.(md|markdown|mdown|mkd)$/i.test(name);

/** Same-origin links in rendered markdown are app addresses (`src/...`, `commit/...`): navigate without a load. */
const mapLink = (to: string): string | null => (/\/(raw|media|archive)\//.test(to) ? null : to);

function OneFile({ entry, kind, refName }: { entry: ContentEntry; kind: RefKind; refName: string }) {
  const { base: ui } = useRepo();
  const [source, setSource] = useState(false);
  const text = entry.content && entry.size <= MAX_SHOWN ? decodeText(entry.content) : null;
  const rawUrl = `${ui}/raw/${kind}/${encodePath(refName)}/${encodePath(entry.path)}`;
  const dir = entry.path.split('/').slice(0, -1).join('/');
  if (text === null) {
    return (
      <FileView name={entry.name} text="" rawUrl={rawUrl} size={entry.size}>
        <p className="muted">{entry.size > MAX_SHOWN ? 'This file is too large to show here.' : 'This file is binary.'} Download it to open it.</p>
      </FileView>
    );
  }
  if (!isMarkdown(entry.name)) return <FileView name={entry.name} text={text} rawUrl={rawUrl} size={entry.size} />;
  const toggle = (
    <span className="view-toggle" role="group" aria-label="Show">
      <button type="button" className="btn btn-small" aria-pressed={!source} onClick={() => setSource(false)}>Rendered</button>
      <button type="button" className="btn btn-small" aria-pressed={source} onClick={() => setSource(true)}>Source</button>
    </span>
  );
  return (
    <FileView name={entry.name} text={text} rawUrl={rawUrl} size={entry.size} extra={toggle}>
      {source ? undefined : <div className="file-markdown"><Markdown text={text} context={srcHref(ui, kind, refName, dir)} mapLink={mapLink} label={entry.name} /></div>}
    </FileView>
  );
}

/** The README of a folder, rendered under its listing. */
function Readme({ entry, kind, refName }: { entry: ContentEntry; kind: RefKind; refName: string }) {
  const { api } = useAuth();
  const { api: base, base: ui } = useRepo();
  const file = useLoad(() => api.get<ContentEntry>(`${base}/contents/${encodePath(entry.path)}`, { query: { ref: refName } }), `${base}|${refName}|${entry.path}`);
  const text = file.data?.content ? decodeText(file.data.content) : null;
  const dir = entry.path.split('/').slice(0, -1).join('/');
  if (text === null) return null;
  return (
    <section className="card readme" aria-labelledby="readme-name">
      <div className="file-head"><h2 id="readme-name">{entry.name}</h2></div>
      {isMarkdown(entry.name)
        ? <div className="file-markdown"><Markdown text={text} context={srcHref(ui, kind, refName, dir)} mapLink={mapLink} label={entry.name} /></div>
        : <pre className="file-text"><code>{text}</code></pre>}
    </section>
  );
}

const readmeOf = (entries: ContentEntry[]): ContentEntry | undefined =>
  entries.filter((e) => e.type === 'file' && /^readme(\.(md|markdown|txt))?$/i.test(e.name)).sort((a, b) => Number(isMarkdown(b.name)) - Number(isMarkdown(a.name)))[0];

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
        <ArchiveMenu base={ui} repoName={repo.name} refName={ref} />
      </div>
      <LatestCommit at={ref} kind={kind} />
      <ErrorAlert>{contents.error}</ErrorAlert>
      {!data && !contents.error ? <p role="status" className="loading">Loading files…</p> : null}
      {Array.isArray(data) ? (data.length ? <Listing entries={data} href={(p) => href(p)} /> : <p className="muted">This folder is empty.</p>) : null}
      {Array.isArray(data) && readmeOf(data) ? <Readme key={readmeOf(data)!.path} entry={readmeOf(data)!} kind={kind} refName={ref} /> : null}
      {data && !Array.isArray(data) ? <OneFile key={`${ref}|${data.path}`} entry={data} kind={kind} refName={ref} /> : null}
    </div>
  );
}

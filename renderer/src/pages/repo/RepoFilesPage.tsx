/** Files of a repository at a branch or tag: a folder listing or one file, with the latest commit. */
import { useState } from 'react';
import { seg } from '../../api/client.ts';
import type { Commit, ContentEntry } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert } from '../../components/Alert.tsx';
import { ArchiveMenu } from '../../components/code/FileActions.tsx';
import { FileView } from '../../components/code/FileView.tsx';
import { Markdown } from '../../components/code/Markdown.tsx';
import { When } from '../../components/When.tsx';
import { Link, useRouter } from '../../router.tsx';
import { useLoad } from '../../use-load.ts';
import { EmptyRepo } from './EmptyRepo.tsx';
import { RefPicker } from './RefPicker.tsx';
import { ShaLink } from './CommitPage.tsx';
import { useRepo } from './repo-context.tsx';

const MAX_SHOWN = 512 * 1024;

const encodePath = (p: string): string => p.split('/').map(seg).join('/');

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

/** Where a ref's files are on the web (`src/branch/main`, `src/commit/{sha}`), for raw files and markdown links. */
const refPart = (ref: string): string => (/^[0-9a-f]{40}([0-9a-f]{24})?$/i.test(ref) ? `commit/${ref}` : `branch/${ref.split('/').map(seg).join('/')}`);

/** Turns a link into this ref's `src/` into the Files tab's address; other links load normally. */
function useSrcLinks(ref: string, href: (p: string) => string): (to: string) => string | null {
  const { base: ui } = useRepo();
  const prefix = `${ui}/src/${refPart(ref)}/`;
  return (to) => (to.startsWith(prefix) ? href(decodeURIComponent(to.slice(prefix.length).split(/[?#]/)[0] ?? '')) : null);
}

function OneFile({ entry, ref, href }: { entry: ContentEntry; ref: string; href(p: string): string }) {
  const { base: ui } = useRepo();
  const [source, setSource] = useState(false);
  const mapLink = useSrcLinks(ref, href);
  const text = entry.content && entry.size <= MAX_SHOWN ? decodeText(entry.content) : null;
  const rawUrl = `${ui}/raw/${refPart(ref)}/${encodePath(entry.path)}`;
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
      {source ? undefined : <div className="file-markdown"><Markdown text={text} context={`${ui}/src/${refPart(ref)}${dir ? `/${encodePath(dir)}` : ''}`} mapLink={mapLink} label={entry.name} /></div>}
    </FileView>
  );
}

/** The README of a folder, rendered under its listing. */
function Readme({ entry, ref, href }: { entry: ContentEntry; ref: string; href(p: string): string }) {
  const { api } = useAuth();
  const { api: base, base: ui } = useRepo();
  const mapLink = useSrcLinks(ref, href);
  const file = useLoad(() => api.get<ContentEntry>(`${base}/contents/${encodePath(entry.path)}`, { query: { ref } }), `${base}|${ref}|${entry.path}`);
  const text = file.data?.content ? decodeText(file.data.content) : null;
  const dir = entry.path.split('/').slice(0, -1).join('/');
  if (text === null) return null;
  return (
    <section className="card readme" aria-labelledby="readme-name">
      <div className="file-head"><h2 id="readme-name">{entry.name}</h2></div>
      {isMarkdown(entry.name)
        ? <div className="file-markdown"><Markdown text={text} context={`${ui}/src/${refPart(ref)}${dir ? `/${encodePath(dir)}` : ''}`} mapLink={mapLink} label={entry.name} /></div>
        : <pre className="file-text"><code>{text}</code></pre>}
    </section>
  );
}

const readmeOf = (entries: ContentEntry[]): ContentEntry | undefined =>
  entries.filter((e) => e.type === 'file' && /^readme(\.(md|markdown|txt))?$/i.test(e.name)).sort((a, b) => Number(isMarkdown(b.name)) - Number(isMarkdown(a.name)))[0];

function LatestCommit({ at }: { at: string }) {
  const { api } = useAuth();
  const { api: base, base: ui } = useRepo();
  const c = useLoad(() => api.get<Commit[]>(`${base}/commits`, { query: { sha: at, limit: 1, stat: false, files: false } }), `${base}@${at}`);
  const commit = c.data?.[0];
  if (!commit) return null;
  return (
    <p className="latest-commit">
      <ShaLink sha={commit.sha} base={ui} />{' '}
      <span className="commit-subject">{commit.commit.message.split('\n')[0]}</span>{' '}
      <span className="muted">by {commit.commit.author.name}, <When iso={commit.commit.author.date} /></span>
    </p>
  );
}

/** The Files tab: `?ref=` (default branch when absent) and `?path=`. */
export function RepoFilesPage() {
  const { api } = useAuth();
  const { repo, api: base, base: ui } = useRepo();
  const { search, navigate } = useRouter();
  const ref = search.get('ref') || repo.default_branch;
  const path = search.get('path') ?? '';
  const href = (p: string, r = ref) => `${ui}?ref=${encodeURIComponent(r)}${p ? `&path=${encodeURIComponent(p)}` : ''}`;
  const contents = useLoad(() => (repo.empty ? Promise.resolve(null) : api.get<ContentEntry[] | ContentEntry>(`${base}/contents/${encodePath(path)}`, { query: { ref } })), `${base}|${ref}|${path}|${repo.empty}`);
  if (repo.empty) return <EmptyRepo />;
  const data = contents.data;
  return (
    <div className="files-page">
      <div className="files-bar">
        <RefPicker value={ref} onChange={(r) => navigate(href(path, r))} />
        <Crumbs path={path} href={(p) => href(p)} />
        <ArchiveMenu base={ui} repoName={repo.name} refName={ref} />
      </div>
      <LatestCommit at={ref} />
      <ErrorAlert>{contents.error}</ErrorAlert>
      {!data && !contents.error ? <p role="status" className="loading">Loading files…</p> : null}
      {Array.isArray(data) ? (data.length ? <Listing entries={data} href={(p) => href(p)} /> : <p className="muted">This folder is empty.</p>) : null}
      {Array.isArray(data) && readmeOf(data) ? <Readme key={readmeOf(data)!.path} entry={readmeOf(data)!} ref={ref} href={(p) => href(p)} /> : null}
      {data && !Array.isArray(data) ? <OneFile key={`${ref}|${data.path}`} entry={data} ref={ref} href={(p) => href(p)} /> : null}
    </div>
  );
}

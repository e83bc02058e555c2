/**
 * `/{owner}/{repo}/releases` and `/{owner}/{repo}/releases/tag/{tag}`: releases newest first with their notes
 * rendered from markdown by the host, their files and the source archives to download; writers see drafts, a
 * "New release" button and each release's edit link.
 */
import type { Release } from '../../api/types.ts';
import { seg } from '../../api/client.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert } from '../../components/Alert.tsx';
import { Markdown } from '../../components/code/Markdown.tsx';
import { Pager } from '../../components/Pager.tsx';
import { When } from '../../components/When.tsx';
import { Link } from '../../router.tsx';
import { useList } from '../../use-list.ts';
import { useLoad } from '../../use-load.ts';
import { EmptyRepo } from './EmptyRepo.tsx';
import { encodePath, srcHref, useRepo } from './repo-context.tsx';

const kib = (n: number): string => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MiB` : n >= 1024 ? `${(n / 1024).toFixed(1)} KiB` : `${n} B`);

/** One release: title, badges, tag, author and time, notes, downloads. */
export function ReleaseCard({ r, canWrite }: { r: Release; canWrite: boolean }) {
  const { base } = useRepo();
  const tagHref = `${base}/releases/tag/${encodePath(r.tag_name)}`;
  return (
    <article className="card release" aria-labelledby={`release-${r.id}`}>
      <div className="release-head">
        <h3 id={`release-${r.id}`}>
          <Link to={tagHref}>{r.name || r.tag_name}</Link>
          <span className="badges badge-gap">
            {r.draft ? <span className="badge badge-warn">Draft</span> : null}
            {r.prerelease ? <span className="badge badge-muted">Pre-release</span> : null}
          </span>
        </h3>
        {canWrite ? <Link className="btn btn-small" to={`${base}/releases/edit/${encodePath(r.tag_name)}`} aria-label={`Edit ${r.name || r.tag_name}`}>Edit</Link> : null}
      </div>
      <p className="muted">
        <Link to={srcHref(base, 'tag', r.tag_name)}><code>{r.tag_name}</code></Link> · {r.author.login} released <When iso={r.published_at} />
      </p>
      {r.body ? <Markdown text={r.body} mode="gfm" context={base} label={`Notes of ${r.name || r.tag_name}`} /> : null}
      <section className="release-downloads" aria-label={`Downloads of ${r.name || r.tag_name}`}>
        <h4>Downloads</h4>
        <ul>
          {r.assets.map((a) => (
            <li key={a.id}><a href={a.browser_download_url} download>{a.name}</a><span className="muted">{kib(a.size)} · {a.download_count} downloads</span></li>
          ))}
          {r.draft ? null : (
            <>
              <li><a href={r.zipball_url}>Source code (ZIP)</a></li>
              <li><a href={r.tarball_url}>Source code (TAR.GZ)</a></li>
            </>
          )}
        </ul>
      </section>
    </article>
  );
}

/** The Releases tab: the list, or one release when `tag` is given. */
export function ReleasesPage({ tag }: { tag?: string | undefined }) {
  const { api } = useAuth();
  const { repo, api: base, base: ui } = useRepo();
  const canWrite = !!repo.permissions?.push;
  const list = useList<Release>(`${base}/releases`, {}, { enabled: !repo.empty && !tag, limit: 10 });
  const one = useLoad(() => (tag ? api.get<Release>(`${base}/releases/tags/${seg(tag)}`) : Promise.resolve(null)), `${base}|release|${tag ?? ''}`);
  if (repo.empty) return <EmptyRepo />;
  return (
    <section aria-labelledby="releases-title" className="section">
      <div className="release-head">
        <h2 id="releases-title">{tag ? `Release ${tag}` : 'Releases'}</h2>
        <span className="row-actions">
          {tag ? <Link className="btn btn-small" to={`${ui}/releases`}>All releases</Link> : null}
          {canWrite ? <Link className="btn btn-primary" to={`${ui}/releases/new`}>New release</Link> : null}
        </span>
      </div>
      <ErrorAlert>{tag ? one.error : list.error}</ErrorAlert>
      {tag ? (one.data ? <ReleaseCard r={one.data} canWrite={canWrite} /> : null) : null}
      {!tag && !list.items && !list.error ? <p role="status" className="loading">Loading releases…</p> : null}
      {!tag && list.items ? list.items.map((r) => <ReleaseCard key={r.id} r={r} canWrite={canWrite} />) : null}
      {!tag && list.items?.length === 0 && list.page === 1 ? <p className="muted">No releases yet. Tags pushed with git are listed under <Link to={`${ui}/tags`}>Tags</Link>.</p> : null}
      {!tag && list.items ? <Pager list={list} noun="releases" /> : null}
    </section>
  );
}

/**
 * The wiki at Gitea's addresses: `/{owner}/{repo}/wiki` (the Home page), `/wiki/{page}` (a page rendered as
 * markdown), `/wiki/_pages` (the page list), `/wiki/_new` and `/wiki/{page}?action=_edit` (the page form),
 * `/wiki/{page}?action=_revision` (its history). Everything goes through Gitea's wiki API.
 */
import { useEffect, useState } from 'react';
import { z } from 'zod';
import type { WikiCommitList, WikiPage as WikiPageData, WikiPageMetaData } from '../../api/types.ts';
import { ApiError } from '../../api/client.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert } from '../../components/Alert.tsx';
import { Markdown } from '../../components/code/Markdown.tsx';
import { Field, TextArea } from '../../components/Field.tsx';
import { When } from '../../components/When.tsx';
import { Link, useRouter } from '../../router.tsx';
import { useLoad } from '../../use-load.ts';
import { useApiForm } from '../../zod-form.ts';
import { CreateWikiPageOptions } from '../../../../server/structs/wiki.ts';
import { useRepo } from './repo-context.tsx';

/** Text as the wiki API sends it: UTF-8 in base64. */
export const toBase64 = (s: string): string => btoa(Array.from(new TextEncoder().encode(s), (b) => String.fromCharCode(b)).join(''));
const fromBase64 = (b: string): string => new TextDecoder().decode(Uint8Array.from(atob(b), (c) => c.charCodeAt(0)));

/** The page's web path as it stands in the address (still escaped, as the API wants it); empty for the wiki's home. */
function pageOfPath(path: string, base: string): string {
  const rest = path.slice(`${base}/wiki`.length).replace(/^\//, '');
  return rest.split('/')[0] ?? '';
}

function WikiNav({ page }: { page?: string }) {
  const { repo, base } = useRepo();
  const canWrite = !!repo.permissions?.push && !repo.archived;
  return (
    <nav className="wiki-nav" aria-label="Wiki">
      <Link to={`${base}/wiki`}>Home</Link>
      <Link to={`${base}/wiki/_pages`}>Pages</Link>
      {page ? <Link to={`${base}/wiki/${page}?action=_revision`}>History</Link> : null}
      {page && canWrite ? <Link to={`${base}/wiki/${page}?action=_edit`} className="btn">Edit</Link> : null}
      {canWrite ? <Link to={`${base}/wiki/_new`} className="btn btn-primary">New page</Link> : null}
    </nav>
  );
}

function ViewPage({ page }: { page: string }) {
  const { api } = useAuth();
  const { api: repoApi, base, repo } = useRepo();
  const loaded = useLoad(async () => {
    try {
      return await api.get<WikiPageData>(`${repoApi}/wiki/page/${page}`);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return null;
      throw err;
    }
  }, `${repoApi}/wiki/page/${page}`);
  if (loaded.error) return <ErrorAlert>{loaded.error}</ErrorAlert>;
  if (loaded.data === null) {
    return (
      <section className="card" aria-labelledby="wiki-empty">
        <WikiNav />
        <h2 id="wiki-empty">{page === 'Home' ? 'This wiki has no Home page yet' : 'There is no such page'}</h2>
        {repo.permissions?.push ? <p><Link to={`${base}/wiki/_new`}>Create a page</Link></p> : <p className="muted">Nobody has written it yet.</p>}
      </section>
    );
  }
  const p = loaded.data;
  const context = `${window.location.origin}${base}`;
  const inApp = (href: string) => (href.startsWith(`${base}/wiki/`) ? href : null);
  return (
    <article className="card wiki-page" aria-labelledby="wiki-title">
      <WikiNav page={page} />
      <h2 id="wiki-title">{p.title}</h2>
      <p className="muted">Last edited by {p.last_commit.author.name} <When iso={p.last_commit.author.date} />, {p.commit_count} revision{p.commit_count === 1 ? '' : 's'}</p>
      <div className="wiki-body">
        <Markdown text={fromBase64(p.content_base64)} context={context} mode="wiki" mapLink={inApp} label={p.title} />
      </div>
      {p.sidebar ? <aside className="wiki-sidebar" aria-label="Sidebar"><Markdown text={fromBase64(p.sidebar)} context={context} mode="wiki" mapLink={inApp} /></aside> : null}
      {p.footer ? <footer className="wiki-footer"><Markdown text={fromBase64(p.footer)} context={context} mode="wiki" mapLink={inApp} /></footer> : null}
    </article>
  );
}

function PageList() {
  const { api } = useAuth();
  const { api: repoApi, base } = useRepo();
  const loaded = useLoad(async () => {
    try {
      return await api.get<WikiPageMetaData[]>(`${repoApi}/wiki/pages?limit=50`);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) return [];
      throw err;
    }
  }, `${repoApi}/wiki/pages`);
  return (
    <section className="card" aria-labelledby="wiki-pages">
      <WikiNav />
      <h2 id="wiki-pages">Pages</h2>
      <ErrorAlert>{loaded.error}</ErrorAlert>
      {loaded.data?.length === 0 ? <p className="muted">This wiki has no pages yet.</p> : null}
      <table className="table">
        <thead><tr><th scope="col">Page</th><th scope="col">Last change</th></tr></thead>
        <tbody>
          {loaded.data?.map((p) => (
            <tr key={p.sub_url}>
              <td><Link to={`${base}/wiki/${p.sub_url}`}>{p.title}</Link></td>
              <td><When iso={p.last_commit.commiter.date} /> — {p.last_commit.message.split('\n')[0]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * The page form on Gitea's CreateWikiPageOptions: the content is typed as text (sent in base64), and the title is
 * required here because the host refuses an empty one.
 */
const pageSchema = CreateWikiPageOptions.omit({ content_base64: true }).extend({ title: z.string().trim().min(1), content: z.string().optional() });
type PageValues = { title: string; content?: string | undefined; message: string };

/**
 * Whether the wiki has no page yet (asked afresh, not from the cache, as a page may just have been written);
 * null while asking. Any answer but a list or a 404 counts as not empty.
 */
function useWikiEmpty(ask: boolean): boolean | null {
  const { api } = useAuth();
  const { api: repoApi } = useRepo();
  const [empty, setEmpty] = useState<boolean | null>(ask ? null : false);
  useEffect(() => {
    if (!ask) return undefined;
    let live = true;
    void api.get<WikiPageMetaData[]>(`${repoApi}/wiki/pages?limit=1`)
      .then((pages) => pages.length === 0, (err: unknown) => err instanceof ApiError && err.status === 404)
      .then((answer) => { if (live) setEmpty(answer); });
    return () => { live = false; };
  }, [api, repoApi, ask]);
  return empty;
}

function PageForm({ page }: { page?: string }) {
  const { api } = useAuth();
  const { api: repoApi } = useRepo();
  const existing = useLoad(async () => (page ? api.get<WikiPageData>(`${repoApi}/wiki/page/${page}`) : null), `${repoApi}/wiki/page/${page ?? ''}`);
  const empty = useWikiEmpty(!page);
  if (page && existing.error) return <ErrorAlert>{existing.error}</ErrorAlert>;
  if (page && !existing.data) return <p role="status" className="loading">Loading the page…</p>;
  if (empty === null) return <p role="status" className="loading">Loading the wiki…</p>;
  // As in Gitea, the first page of an empty wiki is its Home page.
  return <PageFields page={page} existing={existing.data ?? null} title={empty ? 'Home' : ''} />;
}

function PageFields({ page, existing, title }: { page?: string | undefined; existing: WikiPageData | null; title: string }) {
  const { api } = useAuth();
  const { api: repoApi, base } = useRepo();
  const { navigate } = useRouter();
  const form = useApiForm<PageValues>(pageSchema, {
    title: existing?.title ?? title, content: existing ? fromBase64(existing.content_base64) : '', message: '',
  }, 'title', { content_base64: 'content' });
  const onSubmit = form.submit(async (v) => {
    const body = { title: v.title.trim(), content_base64: toBase64(v.content ?? ''), message: v.message };
    const saved = page ? await api.patch<WikiPageData>(`${repoApi}/wiki/page/${page}`, body) : await api.post<WikiPageData>(`${repoApi}/wiki/new`, body);
    navigate(`${base}/wiki/${saved.sub_url}`);
  });
  const busy = form.formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} className="card form-card" aria-labelledby="wiki-form">
      <h2 id="wiki-form">{page ? `Edit ${existing?.title ?? ''}` : 'New wiki page'}</h2>
      <ErrorAlert>{form.formError}</ErrorAlert>
      <Field label="Title" {...form.field('title')} />
      <TextArea label="Content" rows={14} hint="Markdown." {...form.field('content')} />
      <Field label="Commit message" hint="Optional." {...form.field('message')} />
      <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Saving…' : 'Save page'}</button>
    </form>
  );
}

function History({ page }: { page: string }) {
  const { api } = useAuth();
  const { api: repoApi } = useRepo();
  const loaded = useLoad(() => api.get<WikiCommitList>(`${repoApi}/wiki/revisions/${page}`), `${repoApi}/wiki/revisions/${page}`);
  return (
    <section className="card" aria-labelledby="wiki-history">
      <WikiNav page={page} />
      <h2 id="wiki-history">History</h2>
      <ErrorAlert>{loaded.error}</ErrorAlert>
      {loaded.data ? <p className="muted">{loaded.data.count} revision{loaded.data.count === 1 ? '' : 's'}</p> : null}
      <ol className="wiki-revisions">
        {loaded.data?.commits.map((c) => (
          <li key={c.sha}><code>{c.sha.slice(0, 10)}</code> {c.message.split('\n')[0]} — {c.author.name}, <When iso={c.author.date} /></li>
        ))}
      </ol>
    </section>
  );
}

/** The wiki tab: the page, list, form or history the address names. */
export function WikiPage() {
  const { base } = useRepo();
  const { path, search } = useRouter();
  const page = pageOfPath(path, base);
  const action = search.get('action');
  if (page === '_pages' || action === '_pages') return <PageList />;
  if (page === '_new' || action === '_new') return <PageForm />;
  const name = page || 'Home';
  if (action === '_edit') return <PageForm key={name} page={name} />;
  if (action === '_revision') return <History page={name} />;
  return <ViewPage key={name} page={name} />;
}


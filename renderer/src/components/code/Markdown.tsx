/**
 * Markdown rendered by the host (`POST /api/v1/markdown`, sanitized there) inside the page. Links to this host
 * stay in the app: `mapLink` may turn a Gitea web address into a UI address the router knows.
 */
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { errorText } from '../../api/client.ts';
import { useAuth } from '../../auth.tsx';
import { useRouter } from '../../router.tsx';
import { ErrorAlert } from '../Alert.tsx';

export interface MarkdownProps {
  text: string;
  /** The web path relative links resolve against, e.g. `/{owner}/{repo}/src/branch/main/docs`. */
  context?: string;
  mode?: 'markdown' | 'gfm' | 'comment' | 'wiki' | 'file';
  /** Maps a same-origin link to the address to navigate to (null: a normal page load). */
  mapLink?: (href: string) => string | null;
  label?: string;
}

/** A file of a repository on this host, as the renderer resolves relative images: `/{owner}/{repo}/raw|media/...`. */
const REPO_FILE = /^\/[^/]+\/[^/]+\/(?:raw|media)\/(?:branch|tag|commit)\//;
const PRIVATE_SRC = 'data-repo-src';

/**
 * Loads the repository images of a signed-in page with its token and shows them from blob: addresses (the
 * files stay unreadable without credentials). Returns a function that frees the addresses.
 */
function loadImages(root: HTMLElement, token: string): () => void {
  const urls: string[] = [];
  let live = true;
  for (const img of Array.from(root.querySelectorAll<HTMLImageElement>(`img[${PRIVATE_SRC}]`))) {
    const src = img.getAttribute(PRIVATE_SRC) ?? '';
    void fetch(src, { headers: { Authorization: `token ${token}` } }).then(async (res) => {
      if (!res.ok || !live) return;
      const url = URL.createObjectURL(await res.blob());
      if (!live) {
        URL.revokeObjectURL(url);
        return;
      }
      urls.push(url);
      img.src = url;
    }).catch(() => undefined);
  }
  return () => {
    live = false;
    for (const u of urls) URL.revokeObjectURL(u);
  };
}

/**
 * Fits the host's HTML into a page: headings move one level down (the page has the one h1) and keep their look
 * through an `md-hN` class, task checkboxes get a name, and anchors left without an address become plain text.
 * DOMParser runs no scripts, and the HTML was already sanitized by the host.
 */
export function fitIntoPage(html: string, signedIn = false): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  // A signed-in page carries its token in a header, which an <img> cannot send: the file is fetched (see loadImages).
  if (signedIn) {
    for (const img of Array.from(doc.body.querySelectorAll('img[src]'))) {
      if (!REPO_FILE.test(img.getAttribute('src') ?? '')) continue;
      img.setAttribute(PRIVATE_SRC, img.getAttribute('src') ?? '');
      img.removeAttribute('src');
    }
  }
  for (let n = 6; n >= 1; n--) {
    for (const h of Array.from(doc.body.querySelectorAll(`h${n}`))) {
      const to = doc.createElement(`h${Math.min(n + 1, 6)}`);
      for (const a of Array.from(h.attributes)) to.setAttribute(a.name, a.value);
      to.classList.add(`md-h${n}`);
      to.append(...Array.from(h.childNodes));
      h.replaceWith(to);
    }
  }
  for (const box of Array.from(doc.body.querySelectorAll('input[type=checkbox]'))) box.setAttribute('aria-label', box.hasAttribute('checked') ? 'Done' : 'Not done');
  for (const a of Array.from(doc.body.querySelectorAll('a:not([href])'))) {
    const span = doc.createElement('span');
    if (a.id) span.id = a.id;
    span.append(...Array.from(a.childNodes));
    a.replaceWith(span);
  }
  return doc.body.innerHTML;
}

/** Renders `text` as markdown. */
export function Markdown({ text, context, mode = 'gfm', mapLink, label }: MarkdownProps) {
  const { api } = useAuth();
  const { navigate } = useRouter();
  const [html, setHtml] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const token = api.currentToken();
  useEffect(() => (box.current && html && token ? loadImages(box.current, token) : undefined), [html, token]);
  useEffect(() => {
    let live = true;
    fetch('/api/v1/markdown', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `token ${token}` } : {}) },
      body: JSON.stringify({ Text: text, Mode: mode, Context: context }),
    }).then(async (res) => {
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const body = await res.text();
      if (live) setHtml(fitIntoPage(body, !!token));
    }).catch((err: unknown) => { if (live) setError(`The document could not be rendered: ${errorText(err)}`); });
    return () => { live = false; };
  }, [text, context, mode, token]);
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const a = (e.target as HTMLElement).closest('a');
    if (!a || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const url = new URL(a.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    if (url.pathname === window.location.pathname && url.hash) return;
    const to = mapLink ? mapLink(url.pathname + url.search + url.hash) : null;
    if (to === null) return;
    e.preventDefault();
    navigate(to);
  };
  if (error) return <ErrorAlert>{error}</ErrorAlert>;
  if (html === null) return <p role="status" className="loading">Rendering…</p>;
  // The HTML was sanitized by the host (no scripts, event handlers or javascript: links).
  return <div ref={box} className="markdown-body" aria-label={label} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}

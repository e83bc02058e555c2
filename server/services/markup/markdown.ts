/**
 * Markdown to safe HTML (Gitea's `POST /markdown`, `/markdown/raw` and the UI's README and `.md` views):
 * markdown-it with GitHub's extensions (tables, strikethrough, autolinks, task lists), fenced code highlighted
 * by highlight.js, heading anchors as Gitea writes them (`user-content-…`), relative links resolved against the
 * context, and the result sanitized.
 */
import type { MarkdownIt, MarkdownItOptions } from 'markdown-it';
import type { HLJSApi } from 'highlight.js';
import { sanitizeRendered } from './sanitize.ts';
import { contextPath, linkBase, resolveLink, type LinkBase } from './links.ts';
import { taskLists } from './task-lists.ts';
import { issueRefs } from './issue-refs.ts';

export type MarkdownMode = 'markdown' | 'gfm' | 'comment' | 'wiki' | 'file';

export interface RenderOptions {
  text: string;
  /** comment and gfm break lines as typed (Gitea's hard line breaks in comments); markdown, file and wiki do not. */
  mode?: string | undefined;
  /** The web path relative links and images are resolved against. */
  context?: string | undefined;
  /** Gitea's deprecated flag for mode wiki. */
  wiki?: boolean | undefined;
}

interface Engines {
  markdownIt: (options: MarkdownItOptions) => MarkdownIt;
  hljs: HLJSApi;
}

let engines: Promise<Engines> | undefined;

// Loaded on the first render: the libraries cost start time and memory a host that never renders should not pay.
function load(): Promise<Engines> {
  engines ??= Promise.all([import('markdown-it'), import('highlight.js')]).then(([md, hl]) => ({ markdownIt: md.default, hljs: hl.default }));
  return engines;
}

/** A slug for a heading anchor, as Gitea makes it: lower case, spaces to dashes, punctuation dropped. */
export function slugOf(text: string): string {
  return text.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

function highlighter(hljs: HLJSApi) {
  return (code: string, lang: string): string => {
    const name = lang.trim().split(/\s+/)[0] ?? '';
    if (!name || !hljs.getLanguage(name) || code.length > 256 * 1024) return '';
    try {
      return hljs.highlight(code, { language: name, ignoreIllegals: true }).value;
    } catch {
      return '';
    }
  };
}

/** Gives each heading an id (`user-content-slug`, numbered when repeated) and rewrites relative links and images. */
function decorate(md: MarkdownIt, base: LinkBase | null): void {
  md.core.ruler.push('homeforge_decorate', (state) => {
    const seen = new Map<string, number>();
    const tokens = state.tokens;
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      if (t.type === 'heading_open') {
        const text = tokens[i + 1]?.children?.filter((c) => c.type === 'text' || c.type === 'code_inline').map((c) => c.content).join('') ?? '';
        const slug = slugOf(text);
        const n = seen.get(slug) ?? 0;
        seen.set(slug, n + 1);
        t.attrSet('id', `user-content-${slug}${n ? `-${n}` : ''}`);
      }
      if (!base || t.type !== 'inline') continue;
      for (const c of t.children ?? []) {
        if (c.type === 'link_open') c.attrSet('href', resolveLink(String(c.attrGet('href') ?? ''), base.links));
        if (c.type === 'image') c.attrSet('src', resolveLink(String(c.attrGet('src') ?? ''), base.media));
      }
    }
  });
}

/** Renders markdown `text` to sanitized HTML. */
export async function renderMarkdown(o: RenderOptions): Promise<string> {
  if (!o.text) return '';
  const { markdownIt, hljs } = await load();
  const mode = (o.mode ?? 'markdown').toLowerCase();
  const wiki = mode === 'wiki' || o.wiki === true;
  const md = markdownIt({ html: true, linkify: true, typographer: false, breaks: mode === 'comment' || mode === 'gfm', highlight: highlighter(hljs) });
  md.use(taskLists);
  const base = linkBase(o.context, wiki);
  decorate(md, base);
  const repoPath = contextPath(o.context).split('/').slice(0, 3).join('/');
  if ((mode === 'comment' || mode === 'gfm') && repoPath.split('/').length === 3) issueRefs(md, repoPath);
  return sanitizeRendered(md.render(o.text), base ? (src) => resolveLink(src, base.media) : undefined);
}

/**
 * Relative links and images in a rendered document, resolved against the document's context as Gitea does: the
 * `Context` is a web path such as `/{owner}/{repo}/src/branch/{branch}/{dir}`; a link joins it, an image joins
 * it with `/src/` replaced by `/raw/` so it loads the file itself; wiki links go under `{repo}/wiki/`.
 */

/** The path part of a context given as a path or a full URL, without a trailing slash. */
export function contextPath(context: string | undefined): string {
  const raw = (context ?? '').trim();
  if (!raw) return '';
  let p = raw;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) {
    try {
      p = new URL(raw).pathname;
    } catch {
      return '';
    }
  }
  return `/${p.split('/').filter((s) => s && s !== '.' && s !== '..').join('/')}`.replace(/^\/$/, '');
}

/** True for an address that has a scheme, starts at the root, is protocol-relative or only names an anchor. */
const isAbsolute = (href: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('/') || href.startsWith('#') || href.startsWith('?');

/** Joins `rel` to `base`, folding `.` and `..` without climbing above the repository (the first two segments). */
function join(base: string, rel: string): string {
  const [pathPart = '', ...rest] = rel.split(/(?=[?#])/);
  const segs = base.split('/').filter(Boolean);
  const floor = Math.min(2, segs.length);
  for (const s of pathPart.split('/')) {
    if (s === '' || s === '.') continue;
    if (s === '..') {
      if (segs.length > floor) segs.pop();
    } else segs.push(s);
  }
  return `/${segs.join('/')}${rest.join('')}`;
}

export interface LinkBase {
  /** Where relative links point. */
  links: string;
  /** Where relative images load from. */
  media: string;
}

/** The bases for one render: the context as it is for links, its raw form for images, the wiki for wiki pages. */
export function linkBase(context: string | undefined, wiki: boolean): LinkBase | null {
  const ctx = contextPath(context);
  if (!ctx) return null;
  if (wiki) {
    const repo = ctx.split('/').slice(0, 3).join('/');
    return { links: `${repo}/wiki`, media: `${repo}/wiki/raw` };
  }
  return { links: ctx, media: ctx.replace(/^(\/[^/]+\/[^/]+)\/src\//, '$1/raw/') };
}

/** Resolves `href` against `base` when it is relative; anything else is left as written. */
export function resolveLink(href: string, base: string): string {
  if (!href || isAbsolute(href)) return href;
  return join(base, href);
}

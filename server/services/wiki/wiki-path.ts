/**
 * Gitea's mapping between a wiki page's title, its web path (the `sub_url`, also the `{pageName}` of the API and
 * the `page` of the wiki hook event) and its file in the wiki repository (services/wiki/wiki_path.go):
 * - title "Home Page" ↔ web path "Home-Page" ↔ file "Home-Page.md";
 * - a title with a dash keeps its spaces and gets the marker `.-`: "2000-01-02 meeting" ↔ "2000-01-02+meeting.-"
 *   ↔ "2000-01-02 meeting.-.md";
 * - other characters are query-escaped ("100% Free" ↔ "100%25-Free" ↔ "100%25-Free.md");
 * - a web path ending in `.md` names its file directly.
 */
import { BadRequestError } from '../../lib/errors.ts';

/** Names a page may not have (Gitea's reservedWikiNames): they are the wiki's own addresses. */
const RESERVED = ['_pages', '_new', '_edit', 'raw'];

/** A title Gitea refuses (ErrWikiReservedName); the API answers 400. */
export class WikiReservedNameError extends BadRequestError {
  constructor(readonly title: string) { super(`wiki title is reserved: ${title}`, [{ field: 'title', code: 'invalid_value', message: `${title} is a name the wiki keeps for its own pages` }]); }
}

const DASH_MARKER = '.-';
const UNRESERVED = /[A-Za-z0-9\-_.~]/;

/** Go's url.QueryEscape: unreserved bytes kept, space as `+`, every other UTF-8 byte as `%XX`. */
export function queryEscape(s: string): string {
  let out = '';
  for (const byte of Buffer.from(s, 'utf8')) {
    const ch = String.fromCharCode(byte);
    if (byte < 0x80 && UNRESERVED.test(ch)) out += ch;
    else if (ch === ' ') out += '+';
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Go's url.QueryUnescape (`plus` true) or url.PathUnescape; null where Go reports a bad escape. */
export function unescape(s: string, plus: boolean): string | null {
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (ch === '%') {
      const hex = s.slice(i + 1, i + 3);
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) return null;
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else if (ch === '+' && plus) bytes.push(0x20);
    else bytes.push(...Buffer.from(ch, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Go's path.Clean of an absolute path. */
function cleanAbs(p: string): string {
  const out: string[] = [];
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  return `/${out.join('/')}`;
}

/** Gitea's util.PathJoinRelX: backslashes as slashes, joined and cleaned, never leaving the root ("" stays ""). */
export function pathJoinRelX(...elems: string[]): string {
  const parts = elems.filter((e) => e !== '').map((e) => cleanAbs(`/${e.replace(/\\/g, '/')}`));
  if (parts.length === 0) return '';
  const p = cleanAbs(parts.join('/'));
  return p === '/' ? '.' : p.slice(1);
}

const hasDashMarker = (s: string): boolean => s.endsWith(DASH_MARKER);

function unescapeSegment(s: string): string {
  const raw = hasDashMarker(s) ? s.slice(0, -DASH_MARKER.length) : s.replace(/-/g, ' ');
  return unescape(raw, true) ?? raw;
}

function escapeSegToWeb(s: string, hadDashMarker: boolean): string {
  const marked = hadDashMarker || s.includes('-') || s.endsWith('.md') ? `${s}${DASH_MARKER}` : s.replace(/ /g, '-');
  return queryEscape(marked);
}

/** The file of a web path (Gitea's WebPathToGitPath). */
export function webPathToGitPath(web: string): string {
  if (web.endsWith('.md')) return pathJoinRelX(unescape(web, false) ?? web);
  return `${web.split('/').map((seg) => escapeSegToWeb(unescapeSegment(seg), hasDashMarker(seg)).replace(/%20/g, ' ').replace(/\+/g, ' ')).join('/')}.md`;
}

/** The web path of a file, or null for a file that is no page (Gitea's GitPathToWebPath). */
export function gitPathToWebPath(file: string): string | null {
  if (!file.endsWith('.md')) return null;
  const segs = file.slice(0, -3).split('/');
  const out: string[] = [];
  for (const seg of segs) {
    const raw = hasDashMarker(seg) ? seg.slice(0, -DASH_MARKER.length) : seg.replace(/-/g, ' ');
    const un = unescape(raw, true);
    if (un === null) return null;
    out.push(escapeSegToWeb(un, hasDashMarker(seg)));
  }
  return out.join('/');
}

/** The title people see for a web path (Gitea's WebPathToUserTitle, display part). */
export function webPathToTitle(web: string): string {
  let display = web.slice(web.lastIndexOf('/') + 1);
  if (display.endsWith('.md')) {
    display = display.slice(0, -3);
    display = unescape(display, false) ?? display;
  }
  return unescapeSegment(display);
}

/** The web path of a `{pageName}` as it came in the request, still escaped (Gitea's WebPathFromRequest). */
export function webPathFromRequest(raw: string): string {
  return pathJoinRelX(raw).replace(/\//g, '%2F');
}

/** The web path of a title typed by a person (Gitea's UserTitleToWebPath with no base). */
export function titleToWebPath(title: string): string {
  const p = pathJoinRelX(escapeSegToWeb(title.trim(), false));
  return p === '' || p === '.' ? 'unnamed' : p;
}

/** Refuses a web path with a reserved segment (Gitea's validateWebPath). */
export function validateWebPath(web: string): void {
  for (const seg of web.split('/')) {
    const title = unescapeSegment(seg);
    if (title.includes('\0')) throw new BadRequestError('wiki title holds a NUL byte');
    if (RESERVED.includes(title)) throw new WikiReservedNameError(title);
  }
}

/**
 * How user text reaches a chat message. A converter never concatenates text it did not write: it lists
 * parts, each either its own fixed wording (a plain string), user text (`user(s)`) or a link (`link(url, s)`),
 * and the kind's Markup escapes the user parts for its medium when the message is rendered. So a commit
 * message, a branch name or an issue title can never open a link, a tag or a mention, whatever the field.
 *
 * Rendering also keeps the message within the receiving service's limit: parts are added whole until one does
 * not fit; user text is then cut by characters before it is escaped (never inside an escape, a tag or a link)
 * and an ellipsis ends the message.
 */
import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';

// sanitize-html (with postcss) takes a second or two to load on a busy machine: it is loaded on the first
// Telegram or Matrix delivery, not when the worker starts.
const requireCjs = createRequire(import.meta.url);
let sanitizer: typeof SanitizeHtml | undefined;
const sanitizeHtml = (): typeof SanitizeHtml => (sanitizer ??= requireCjs('sanitize-html') as typeof SanitizeHtml);

export interface UserText {
  user: string;
}
export interface Link {
  url: string;
  user: string;
}
/** A message part: fixed wording, user text, or a link whose text is user text. */
export type Part = string | UserText | Link;

/** User text, escaped when rendered. */
export const user = (s: unknown): UserText => ({ user: typeof s === 'string' ? s : typeof s === 'number' ? String(s) : '' });
/** A link; its text is user text, its URL is made safe for the medium. */
export const link = (url: string, s: unknown): Link => ({ url, user: user(s).user });

/** The escaping rules of one medium. */
export interface Markup {
  /** User text as it must be written to show literally. */
  text(s: string): string;
  /** A link to `url` showing `text` (already escaped by `text`). */
  link(url: string, escapedText: string): string;
}

const ELLIPSIS = '…';

/** Only web links are kept as given; anything else (javascript:, data:, relative, unparsable) becomes "#". */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? url : '#';
  } catch {
    return '#';
  }
}

/** Percent-encodes the given characters of a URL (encodeURIComponent leaves ( and ) alone). */
const pct = (url: string, chars: RegExp): string => url.replace(chars, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);

// Go's html.EscapeString set: & ' < > "
const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' })[c]!);

/** HTML for Telegram and Matrix: entities for & < > " ' and <a href> links. */
export const HTML: Markup = {
  text: escapeHtml,
  link: (url, text) => `<a href="${escapeHtml(safeUrl(url))}">${text}</a>`,
};

/**
 * Slack's mrkdwn: & < > become entities (Slack's own rule), which also disarms `<!channel>`, `<@U1>` and
 * `<url|label>`; in a link the URL may not hold `|` or `>`, so they are percent-encoded.
 */
export const SLACK: Markup = {
  text: (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
  link: (url, text) => `<${pct(safeUrl(url), /[|<> ]/g)}|${text}>`,
};

/**
 * Markdown (Discord, Teams, DingTalk, WeChat Work): every character that can start markup is
 * backslash-escaped, so `[x](javascript:...)`, `**`, `<@user>` and `<font>` show as written.
 */
export const MARKDOWN: Markup = {
  text: (s) => s.replace(/[\\`*_~[\]()<>|#]/g, (c) => `\\${c}`),
  link: (url, text) => `[${text}](${pct(safeUrl(url), /[()<> ]/g)})`,
};

/**
 * WeChat Work's markdown has no escape character; the characters that open its links, mentions (`<@id>`)
 * and `<font>` tags are shown as their full-width forms, which it does not parse.
 */
export const WECHAT: Markup = {
  text: (s) => s.replace(/[<>[\]]/g, (c) => ({ '<': '\uff1c', '>': '\uff1e', '[': '\uff3b', ']': '\uff3d' })[c]!),
  link: (url, text) => `[${text}](${pct(safeUrl(url), /[()<> ]/g)})`,
};

/** Plain text with no link syntax (Feishu text messages): only `<at ...>` mentions are markup, so they are broken. */
export const PLAIN: Markup = {
  text: (s) => s.replace(/<(\s*\/?\s*at\b)/gi, '<\u200b$1'),
  link: (_url, text) => text,
};

/** Markdown links without escaping: the plain `body` of a Matrix message, which clients never render. */
export const LITERAL: Markup = {
  text: (s) => s,
  link: (url, text) => `[${text}](${url})`,
};

const isLink = (p: Part): p is Link => typeof p !== 'string' && 'url' in p;
const isUser = (p: Part): boolean => typeof p !== 'string' && !isLink(p);

/** Cuts user text (by code points) so that its escaped form is at most `room` long. */
function cutToFit(m: Markup, s: string, room: number): string {
  const cps = Array.from(s);
  let lo = 0;
  let hi = cps.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (m.text(cps.slice(0, mid).join('')).length <= room) lo = mid;
    else hi = mid - 1;
  }
  return m.text(cps.slice(0, lo).join(''));
}

/** Renders parts for a medium; with `max`, the result is at most `max` characters (UTF-16 units). */
export function render(m: Markup, parts: readonly Part[], max = Infinity): string {
  let out = '';
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    const piece = typeof p === 'string' ? p : isLink(p) ? m.link(p.url, m.text(p.user)) : m.text(p.user);
    if (out.length + piece.length <= max) {
      out += piece;
      continue;
    }
    const room = max - out.length - ELLIPSIS.length;
    if (room > 0 && typeof p !== 'string' && isUser(p)) out += cutToFit(m, p.user, room);
    return `${out.trimEnd()}${ELLIPSIS}`.slice(0, Math.max(0, max));
  }
  return out;
}

/** Joins groups of parts with a separator (lines of a message). */
export function join(groups: readonly (readonly Part[])[], sep: string): Part[] {
  const out: Part[] = [];
  groups.forEach((g, i) => {
    if (i > 0) out.push(sep);
    out.push(...g);
  });
  return out;
}

/** The first line of a text (Gitea shows only a commit's summary in short forms). */
export const firstLine = (s: string): string => s.split('\n')[0]!.replace(/\r$/, '');

const TELEGRAM_TAGS = ['a', 'b', 'strong', 'i', 'em', 'u', 's', 'code', 'pre'];
const MATRIX_TAGS = ['a', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'del', 'code', 'pre', 'p', 'blockquote'];

/**
 * The HTML a chat service may render, as Gitea's sanitizer leaves it: only the service's tags, links only to
 * http(s) and mailto, each link marked rel="nofollow"; anything else is dropped and text stays escaped.
 */
export function sanitize(html: string, service: 'telegram' | 'matrix'): string {
  const lib = sanitizeHtml();
  return lib(html, {
    allowedTags: service === 'telegram' ? TELEGRAM_TAGS : MATRIX_TAGS,
    allowedAttributes: { a: ['href', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: { a: lib.simpleTransform('a', { rel: 'nofollow' }) },
    // Self-closing <br> as Matrix clients expect it in formatted_body.
    selfClosing: ['br'],
  });
}

/** Renders HTML parts, sanitizes, and keeps the sanitized result within `max` (the sanitizer may add a little). */
export function renderHtml(parts: readonly Part[], service: 'telegram' | 'matrix', max: number): string {
  let budget = max;
  for (;;) {
    const out = sanitize(render(HTML, parts, budget), service).replace(/<br \/>/g, '<br>').trim();
    if (out.length <= max || budget <= 0) return out;
    budget -= out.length - max + 16;
  }
}

/** Renders within `maxBytes` of UTF-8 (services that count bytes, such as WeChat Work and Feishu). */
export function renderBytes(m: Markup, parts: readonly Part[], maxBytes: number): string {
  let budget = maxBytes;
  for (;;) {
    const out = render(m, parts, budget);
    const size = Buffer.byteLength(out, 'utf8');
    if (size <= maxBytes || budget <= 0) return out;
    // Each character is at most 3 UTF-8 bytes per UTF-16 unit, so this converges in a few rounds.
    budget -= Math.max(1, Math.ceil((size - maxBytes) / 3));
  }
}

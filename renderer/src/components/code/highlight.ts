/**
 * Syntax highlighting with highlight.js, loaded lazily: the core and only the language a file needs, chosen by
 * its extension. The highlighted HTML is cut into lines, reopening the spans a line break falls inside, so
 * every line can be shown (and linked) on its own.
 */
import type { HLJSApi, LanguageFn } from 'highlight.js';

type Loader = () => Promise<{ default: LanguageFn }>;

const LANGUAGES: Record<string, [string, Loader]> = {
  ts: ['typescript', () => import('highlight.js/lib/languages/typescript')],
  tsx: ['typescript', () => import('highlight.js/lib/languages/typescript')],
  js: ['javascript', () => import('highlight.js/lib/languages/javascript')],
  jsx: ['javascript', () => import('highlight.js/lib/languages/javascript')],
  mjs: ['javascript', () => import('highlight.js/lib/languages/javascript')],
  cjs: ['javascript', () => import('highlight.js/lib/languages/javascript')],
  json: ['json', () => import('highlight.js/lib/languages/json')],
  py: ['python', () => import('highlight.js/lib/languages/python')],
  go: ['go', () => import('highlight.js/lib/languages/go')],
  rs: ['rust', () => import('highlight.js/lib/languages/rust')],
  java: ['java', () => import('highlight.js/lib/languages/java')],
  c: ['c', () => import('highlight.js/lib/languages/c')],
  h: ['c', () => import('highlight.js/lib/languages/c')],
  cpp: ['cpp', () => import('highlight.js/lib/languages/cpp')],
  cs: ['csharp', () => import('highlight.js/lib/languages/csharp')],
  rb: ['ruby', () => import('highlight.js/lib/languages/ruby')],
  php: ['php', () => import('highlight.js/lib/languages/php')],
  sh: ['bash', () => import('highlight.js/lib/languages/bash')],
  bash: ['bash', () => import('highlight.js/lib/languages/bash')],
  yml: ['yaml', () => import('highlight.js/lib/languages/yaml')],
  yaml: ['yaml', () => import('highlight.js/lib/languages/yaml')],
  toml: ['ini', () => import('highlight.js/lib/languages/ini')],
  ini: ['ini', () => import('highlight.js/lib/languages/ini')],
  css: ['css', () => import('highlight.js/lib/languages/css')],
  html: ['xml', () => import('highlight.js/lib/languages/xml')],
  xml: ['xml', () => import('highlight.js/lib/languages/xml')],
  svg: ['xml', () => import('highlight.js/lib/languages/xml')],
  md: ['markdown', () => import('highlight.js/lib/languages/markdown')],
  sql: ['sql', () => import('highlight.js/lib/languages/sql')],
  diff: ['diff', () => import('highlight.js/lib/languages/diff')],
  dockerfile: ['dockerfile', () => import('highlight.js/lib/languages/dockerfile')],
  makefile: ['makefile', () => import('highlight.js/lib/languages/makefile')],
};

/** The language key of a file name (by extension, or the whole name for Dockerfile and Makefile); null when unknown. */
export function languageOf(name: string): string | null {
  const lower = name.toLowerCase();
  const key = lower === 'dockerfile' || lower === 'makefile' ? lower : lower.includes('.') ? lower.split('.').pop()! : '';
  return LANGUAGES[key] ? key : null;
}

let core: Promise<HLJSApi> | undefined;

/** Splits highlighted HTML into lines; spans open at a line break are closed before it and reopened after. */
export function splitLines(html: string): string[] {
  const lines: string[] = [];
  const open: string[] = [];
  let cur = '';
  for (const part of html.split(/(<span[^>]*>|<\/span>|\n)/)) {
    if (part === '\n') {
      lines.push(cur + '</span>'.repeat(open.length));
      cur = open.join('');
    } else if (part.startsWith('<span')) {
      open.push(part);
      cur += part;
    } else if (part === '</span>') {
      open.pop();
      cur += part;
    } else cur += part;
  }
  lines.push(cur);
  return lines;
}

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The lines of `text` as escaped HTML, not highlighted (shown at once, before the highlighter has loaded). */
export const plainLines = (text: string): string[] => splitLines(escapeHtml(text));

/** The lines of `text` as HTML, highlighted when the file's language is known (plain escaped text otherwise). */
export async function highlightLines(name: string, text: string): Promise<{ lines: string[]; language: string | null }> {
  const key = languageOf(name);
  const entry = key ? LANGUAGES[key] : undefined;
  if (!entry || text.length > 512 * 1024) return { lines: plainLines(text), language: null };
  const [language, loadLanguage] = entry;
  core ??= import('highlight.js/lib/core').then((m) => m.default);
  const hljs = await core;
  if (!hljs.getLanguage(language)) hljs.registerLanguage(language, (await loadLanguage()).default);
  return { lines: splitLines(hljs.highlight(text, { language, ignoreIllegals: true }).value), language };
}

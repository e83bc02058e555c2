/**
 * The sanitizer every rendered document passes before it leaves the host (Gitea's markup sanitizer): known
 * tags only, no scripts, styles or event handlers, links and images only over http(s), mailto or relative
 * addresses, classes only those the renderer and the highlighter write.
 */
import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';

// sanitize-html (with postcss) is slow to load: loaded on the first render, not at start.
const requireCjs = createRequire(import.meta.url);
let loaded: typeof SanitizeHtml | undefined;
const sanitizer = (): typeof SanitizeHtml => (loaded ??= requireCjs('sanitize-html') as typeof SanitizeHtml);

const CLASSES = ['hljs', 'hljs-*', 'language-*', 'task-list-item', 'contains-task-list', 'task-list-item-checkbox', 'footnote*', 'anchor'];

/** The allow list of tags and attributes. */
function options(): SanitizeHtml.IOptions {
  const s = sanitizer();
  return {
    allowedTags: [
      ...s.defaults.allowedTags, 'img', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'input', 'details', 'summary', 'del', 'ins', 's',
      'sup', 'sub', 'kbd', 'picture', 'source', 'video', 'audio', 'span', 'div', 'dl', 'dt', 'dd', 'hr', 'br',
    ],
    allowedAttributes: {
      a: ['href', 'name', 'title', 'id', 'rel', 'class'],
      img: ['src', 'alt', 'title', 'width', 'height', 'align'],
      input: ['type', 'checked', 'disabled', 'class'],
      source: ['src', 'srcset', 'type', 'media'],
      video: ['src', 'controls', 'width', 'height', 'poster'],
      audio: ['src', 'controls'],
      th: ['align', 'style', 'colspan', 'rowspan'],
      td: ['align', 'style', 'colspan', 'rowspan'],
      ol: ['start', 'class'],
      details: ['open'],
      h1: ['id'], h2: ['id'], h3: ['id'], h4: ['id'], h5: ['id'], h6: ['id'],
      '*': ['class', 'title', 'lang', 'dir'],
    },
    allowedClasses: { '*': CLASSES },
    allowedStyles: { th: { 'text-align': [/^(left|right|center)$/] }, td: { 'text-align': [/^(left|right|center)$/] } },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'srcset', 'poster'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    // only checkboxes may be inputs, and never enabled ones
    exclusiveFilter: (frame) => frame.tag === 'input' && frame.attribs.type !== 'checkbox',
    transformTags: {
      input: (tagName, attribs) => ({ tagName, attribs: { ...attribs, disabled: '' } }),
      a: (tagName, attribs) => ({ tagName, attribs: /^https?:/i.test(attribs.href ?? '') ? { ...attribs, rel: 'nofollow noopener' } : attribs }),
    },
  };
}

let cachedOptions: SanitizeHtml.IOptions | undefined;

/**
 * Cleans rendered HTML for display. With `resolveImage`, a relative `src` of an `<img>` written as HTML in the
 * document is resolved too (markdown's own images were resolved by the renderer).
 */
export function sanitizeRendered(html: string, resolveImage?: (src: string) => string): string {
  const base = (cachedOptions ??= options());
  if (!resolveImage) return sanitizer()(html, base);
  const img = (tagName: string, attribs: SanitizeHtml.Attributes) => ({ tagName, attribs: attribs.src ? { ...attribs, src: resolveImage(attribs.src) } : attribs });
  return sanitizer()(html, { ...base, transformTags: { ...base.transformTags, img } });
}

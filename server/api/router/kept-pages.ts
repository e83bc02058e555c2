/**
 * List answers joined from kept item texts. When every item of a page has a kept text (named by a serial unique
 * to that text), the same serials in the same order make the same bytes, so a repeated page sends the kept bytes
 * without joining, encoding or hashing them again. Few pages are kept per host (each can hold 50 items); the
 * oldest goes first, and a closed host's pages go with it.
 */
import type { AppContext } from '../../services/context.ts';
import { mapPer } from '../../lib/map-per.ts';
import { strongEtag } from './send-json.ts';

/** A kept item text: `serial` names exactly this text for as long as it is kept. */
export interface KeptText { serial: number; text: string }

/** A page's body as bytes and its ETag. */
export interface KeptPage { body: Buffer; etag: string }

let serials = 0;
/** A serial no other kept text has had. */
export const nextSerial = (): number => ++serials;

const pagesOf = mapPer<AppContext, string, KeptPage>();
const MAX_PAGES = 16;

/** `${open}${texts joined by commas}${close}` as bytes with its ETag, kept by the texts' serials. */
export function keptPage(app: AppContext, open: string, items: readonly KeptText[], close: string): KeptPage {
  const name = `${open}${items.map((e) => e.serial).join(',')}`;
  const pages = pagesOf(app);
  let page = pages.get(name);
  if (!page) {
    const body = Buffer.from(`${open}${items.map((e) => e.text).join(',')}${close}`, 'utf8');
    page = { body, etag: strongEtag(body, body.length) };
    if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value!);
    pages.set(name, page);
  }
  return page;
}

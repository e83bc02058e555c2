/**
 * The serialized `Repository` of a view, kept per stored record version. A read converts and stringifies the
 * same frozen record for every request; here the text (and its ETag) is kept beside the record object, keyed by
 * everything else the answer depends on: the owner record, the base URL, what the viewer may see of the owner,
 * the viewer's permission triple and the counters. A write stores a new record object, so the old text goes
 * with the old object; records that are not frozen (copies a caller may edit) are never cached.
 */
import type { ApiContext } from '../../router/context.ts';
import { apiPermission, type RepoView } from '../../../services/repository/repos.ts';
import type { UserRecord } from '../../../store/records.ts';
import { strongEtag } from '../../router/send-json.ts';
import { repoJson } from './json.ts';
import { keptPage, nextSerial } from '../../router/kept-pages.ts';
import { viewerClass } from '../user/user-text.ts';

interface Entry {
  /** Unique per entry: a page of cached texts is named by its entries' serials. */
  serial: number;
  owner: UserRecord;
  key: string;
  text: string;
  etag: string | undefined;
}

/** Texts kept per record: one per distinct (viewer class, permission, counters, base URL) seen recently. */
const PER_RECORD = 8;
const texts = new WeakMap<object, Entry[]>();

/** The part of the cache key beside the record and owner objects; null when the view is not cacheable. */
function keyOf(ctx: ApiContext<unknown, unknown>, v: RepoView): string | null {
  if (v.parent || v.transfer || !Object.isFrozen(v.repo) || !Object.isFrozen(v.owner)) return null;
  const p = apiPermission(v.perm);
  const bits = (p.admin ? 4 : 0) + (p.push ? 2 : 0) + (p.pull ? 1 : 0);
  return `${viewerClass(v.owner, ctx.doer)}|${bits}|${v.branchCount}|${v.watchers}|${v.stars}|${v.openIssues}|${v.openPulls}|${v.forks}|${ctx.baseUrl}`;
}

function entryOf(ctx: ApiContext<unknown, unknown>, v: RepoView): Entry | null {
  const key = keyOf(ctx, v);
  if (key === null) return null;
  let list = texts.get(v.repo);
  if (!list) texts.set(v.repo, (list = []));
  for (const e of list) if (e.owner === v.owner && e.key === key) return e;
  const e: Entry = { serial: nextSerial(), owner: v.owner, key, text: JSON.stringify(repoJson(ctx, v)), etag: undefined };
  if (list.length >= PER_RECORD) list.shift();
  list.push(e);
  return e;
}

/** JSON.stringify(repoJson(ctx, v)), from the cache when this record version was written for the same key. */
export function repoJsonText(ctx: ApiContext<unknown, unknown>, v: RepoView): string {
  return entryOf(ctx, v)?.text ?? JSON.stringify(repoJson(ctx, v));
}

/** repoJsonText and its strong ETag (computed once per cached text). */
export function repoJsonAnswer(ctx: ApiContext<unknown, unknown>, v: RepoView): { text: string; etag: string } {
  const e = entryOf(ctx, v);
  if (!e) {
    const text = JSON.stringify(repoJson(ctx, v));
    return { text, etag: strongEtag(text) };
  }
  e.etag ??= strongEtag(e.text);
  return { text: e.text, etag: e.etag };
}

/**
 * The body of GET /repos/search, `{"ok":true,"data":[...]}` with each view's repoJsonText, and its ETag when kept
 * (every item cacheable); the bytes are exactly JSON.stringify({ ok: true, data: views.map(repoJson) }).
 */
export function repoSearchAnswer(ctx: ApiContext<unknown, unknown>, views: RepoView[]): { body: string | Buffer; etag?: string } {
  const entries: Entry[] = [];
  for (const v of views) {
    const e = entryOf(ctx, v);
    if (!e) return { body: `{"ok":true,"data":[${views.map((x) => repoJsonText(ctx, x)).join(',')}]}` };
    entries.push(e);
  }
  return keptPage(ctx.app, '{"ok":true,"data":[', entries, ']}');
}

/**
 * GET /contents answers, kept as the JSON text and strong ETag that were sent. An answer is a function of the
 * commit the ref resolved to, the path, the ref's names, the repository's addresses and the blob size limit:
 * objects and a commit's history never change, so an entry can never be stale. A push moves the ref, the
 * next read resolves to the new commit and so to another key; the old entries age out. The ref itself is
 * still resolved on every request (from the refs cache, which pushes update), and guards run before this.
 */
import type { ApiContext } from '../../router/context.ts';
import type { AppContext } from '../../../services/context.ts';
import { mapPer } from '../../../lib/map-per.ts';
import { contentsAt, contentsTarget } from '../../../services/repository/contents.ts';
import { toContents } from '../../../convert/content.ts';
import { sendJsonText, strongEtag } from '../../router/send-json.ts';
import { json } from '../../router/respond.ts';
import { repoOf } from '../../guards/access.ts';
import { linksOf, queryString } from './http-helpers.ts';

/** Answers kept per host, least recently used first out. */
const MAX_ANSWERS = 128;
/** Longer answers (a large file's base64) are rebuilt each time rather than held: at most 2 MiB in all. */
const MAX_TEXT = 16 * 1024;

interface Answer { text: string; etag: string }

const answersOf = mapPer<AppContext, string, Answer>();

/** Sends the contents answer for `path` in the guarded repository (the `ref` query value, or the default branch). */
export async function sendContents(ctx: ApiContext<unknown, unknown>, path: string): Promise<void> {
  const { repo } = repoOf(ctx);
  const target = await contentsTarget(ctx.app, repo, queryString(ctx, 'ref'), path);
  if (!target) return json(ctx, 200, []);
  const links = linksOf(ctx);
  const { ref } = target;
  const key = JSON.stringify([ref.commit.id, target.path, ref.kind, ref.name, ref.input, links.api, links.html, ctx.app.settings.int('api.DEFAULT_MAX_BLOB_SIZE')]);
  const answers = answersOf(ctx.app);
  const hit = answers.get(key);
  if (hit) {
    // Re-inserted: a Map keeps insertion order, so the first key is the least recently used.
    answers.delete(key);
    answers.set(key, hit);
    if (sendJsonText(ctx.res, 200, hit.text, hit.etag)) return;
  }
  const r = await contentsAt(ctx.app, repo, target);
  const body = r.file ? toContents(r.file, r.ref, links) : r.dir.map((e) => toContents(e, r.ref, links));
  const text = JSON.stringify(body);
  const etag = strongEtag(text);
  if (text.length <= MAX_TEXT) {
    if (answers.size >= MAX_ANSWERS) answers.delete(answers.keys().next().value ?? '');
    answers.set(key, { text, etag });
  }
  if (!sendJsonText(ctx.res, 200, text, etag)) json(ctx, 200, body);
}

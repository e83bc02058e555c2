/**
 * The serialized `User` of a stored record, kept beside the frozen record object per viewer class and base URL
 * (everything else toUser reads is the record itself). A write stores a new record object, so the old texts go
 * with the old object; records that are not frozen (copies a caller may edit) are never cached. Lists of users
 * are joined from these texts and the joined page is kept too (see kept-pages.ts).
 */
import type { ApiContext } from '../../router/context.ts';
import type { UserRecord } from '../../../store/records.ts';
import { toUser } from '../../../convert/user.ts';
import { keptPage, nextSerial, type KeptPage, type KeptText } from '../../router/kept-pages.ts';
import { json } from '../../router/respond.ts';
import { sendJsonText } from '../../router/send-json.ts';

interface Entry extends KeptText { key: string }

/** Texts kept per record: anonymous, signed-in and account views, times the base URLs seen recently. */
const PER_RECORD = 6;
const texts = new WeakMap<object, Entry[]>();

/** What toUser shows of `user` to `viewer`: nothing private (0), the email (1), or the account fields too (2). */
export function viewerClass(user: Readonly<UserRecord>, viewer: UserRecord | null): number {
  if (!viewer) return 0;
  return viewer.is_admin || viewer.id === user.id ? 2 : 1;
}

function entryOf(user: Readonly<UserRecord>, viewer: UserRecord | null, baseUrl: string): Entry | null {
  if (!Object.isFrozen(user)) return null;
  const key = `${viewerClass(user, viewer)}|${baseUrl}`;
  let list = texts.get(user);
  if (!list) texts.set(user, (list = []));
  for (const e of list) if (e.key === key) return e;
  const e: Entry = { serial: nextSerial(), key, text: JSON.stringify(toUser(user, viewer, baseUrl)) };
  if (list.length >= PER_RECORD) list.shift();
  list.push(e);
  return e;
}

/** The parts of a request a user list's text depends on. */
type ListContext = Pick<ApiContext<unknown, unknown>, 'app' | 'doer' | 'baseUrl'>;

const wrappers = { plain: ['[', ']'], search: ['{"ok":true,"data":[', ']}'] } as const;

/**
 * The bytes of `users` as a JSON array of Gitea's User (or the user search's `{"ok":true,"data":[...]}`) joined
 * from kept texts: exactly JSON.stringify of the converted list. Undefined when a record is not cacheable.
 */
export function keptUserList(ctx: ListContext, users: readonly Readonly<UserRecord>[], shape: keyof typeof wrappers): KeptPage | undefined {
  const entries: Entry[] = [];
  for (const u of users) {
    const e = entryOf(u, ctx.doer, ctx.baseUrl);
    if (!e) return undefined;
    entries.push(e);
  }
  const [open, close] = wrappers[shape];
  return keptPage(ctx.app, open, entries, close);
}

/** Sends `users` as Gitea's UserList (or UserSearchResults for shape `search`), as json(ctx, 200, ...) would. */
export function sendUserList(ctx: ApiContext<unknown, unknown>, users: readonly Readonly<UserRecord>[], shape: keyof typeof wrappers = 'plain'): void {
  const page = keptUserList(ctx, users, shape);
  if (page && sendJsonText(ctx.res, 200, page.body, page.etag)) return;
  const data = users.map((u) => toUser(u, ctx.doer, ctx.baseUrl));
  json(ctx, 200, shape === 'search' ? { ok: true, data } : data);
}

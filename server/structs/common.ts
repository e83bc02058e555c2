/** Building blocks of the wire schemas: Gitea's integer, date-time, email and enum fields, and its search wrapper. */
import { z } from 'zod';

/** Gitea's int64: a whole number. */
export const int = z.number().int();

/** Gitea's date-time: RFC 3339 with `Z` or an offset, as Go's time.Time marshals it. */
export const dateTime = z.iso.datetime({ offset: true });

/** An address Gitea labels `format: email`; not checked as one, since a hidden email is a placeholder and old ones may be loose. */
export const email = z.string().meta({ format: 'email' });

/** Who may see an account or an organization. */
export const Visibility = z.enum(['public', 'limited', 'private']);
export type Visibility = z.infer<typeof Visibility>;

/** An access mode as Gitea writes it in `Team.permission` and `RepoCollaboratorPermission.permission`. */
export const AccessMode = z.enum(['none', 'read', 'write', 'admin', 'owner']);
export type AccessMode = z.infer<typeof AccessMode>;

/** Gitea's `{ok, data}` wrapper of the search routes (`/repos/search`, `/users/search`, `/orgs/{org}/teams/search`). */
export function searchResults<T extends z.ZodType>(item: T) {
  return z.strictObject({ ok: z.boolean(), data: z.array(item) });
}

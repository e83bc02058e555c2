/** Maps stored access tokens to Gitea's `AccessToken` and `CurrentAccessToken` JSON. */
import type { AccessTokenRecord, UserRecord } from '../store/records.ts';
import type { AccessToken, CurrentAccessToken } from '../structs/token.ts';


// Gitea reports the row's update time as last use; a token never used shows its creation time.
const lastUsed = (t: AccessTokenRecord): string => t.last_used ?? t.created;

/** Gitea's `AccessToken`; pass `value` only when answering the creation. */
export function toAccessToken(t: AccessTokenRecord, value?: string): AccessToken {
  return {
    id: t.id,
    name: t.name,
    sha1: value ?? '',
    token_last_eight: t.token_last_eight,
    scopes: [...t.scopes],
    created_at: t.created,
    last_used_at: lastUsed(t),
  };
}

/** Gitea's `CurrentAccessToken`: the token used for the request and the account it belongs to. */
export function toCurrentAccessToken(t: AccessTokenRecord, owner: UserRecord): CurrentAccessToken {
  return {
    id: t.id,
    name: t.name,
    scopes: [...t.scopes],
    created_at: t.created,
    last_used_at: lastUsed(t),
    user: { id: owner.id, login: owner.name },
  };
}

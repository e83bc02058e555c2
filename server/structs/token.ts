/** Gitea's access token responses (`AccessToken`, `CurrentAccessToken`); the request is `CreateAccessTokenOption` in user.ts. */
import { z } from 'zod';
import { dateTime, int } from './common.ts';
import { UserMeta } from './user.ts';

/** Gitea's `AccessToken`: `sha1` holds the token only in the answer to its creation, "" everywhere else. */
export const AccessToken = z.strictObject({
  id: int,
  name: z.string(),
  sha1: z.string(),
  token_last_eight: z.string(),
  scopes: z.array(z.string()),
  created_at: dateTime,
  last_used_at: dateTime,
}).meta({ id: 'AccessToken' });
export type AccessToken = z.infer<typeof AccessToken>;

/** Gitea's `CurrentAccessToken` (`GET /token`): the token used for the request and its owner. */
export const CurrentAccessToken = z.strictObject({
  id: int,
  name: z.string(),
  scopes: z.array(z.string()),
  created_at: dateTime,
  last_used_at: dateTime,
  user: UserMeta,
}).meta({ id: 'CurrentAccessToken' });
export type CurrentAccessToken = z.infer<typeof CurrentAccessToken>;

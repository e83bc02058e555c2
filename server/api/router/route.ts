/**
 * A route of the API: method, path, who may call it, the token scope it needs, the schemas of its body and
 * query, and a thin handler. Area files (`api/v1/{area}/*.ts`) list their routes top to bottom, like Gitea's api.go.
 */
import type { z } from 'zod';
import type { ApiContext } from './context.ts';
import type { ScopeCategory } from '../../services/auth/scopes.ts';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call the route:
 * - `public`: anyone; the handler sees the doer when there is one (Gitea: no middleware).
 * - `signed-in`: any authenticated user (Gitea's reqToken): 401 "token is required" otherwise.
 * - `admin`: a site administrator (reqToken + reqSiteAdmin): 403 otherwise.
 * - `basic`: authenticated by basic auth (a token as the password too), reverse proxy or a UI session, not a
 *   token header (Gitea's reqBasicOrRevProxyAuth).
 * - `password`: as `basic`, but a token never passes, not even as the Basic password: a password (with the
 *   second factor when enrolled), the reverse proxy or a UI session. Creating tokens needs it, so a token of
 *   narrow scope cannot mint a wider one.
 */
export type Access = 'public' | 'signed-in' | 'admin' | 'basic' | 'password';

/** Runs before the handler with the request context; may load and check things (a repository, a permission). */
export type Guard = (ctx: ApiContext<unknown, unknown>) => Promise<void> | void;

export interface RouteDef<B = unknown, Q = unknown> {
  method: Method;
  /** Express path below /api/v1, e.g. `/users/:username/tokens`. */
  path: string;
  /** Gitea's operationId, for the generated API description. */
  operationId: string;
  summary?: string;
  access: Access;
  /** Token scope category; read for GET/HEAD, write otherwise. null: no scope check (e.g. /version). */
  scope: ScopeCategory | null;
  body?: z.ZodType<B>;
  /** Schema of the success answer's JSON body (described in /api/swagger, checked by the tests); none for an empty answer. */
  response?: z.ZodType;
  /** Status of the success answer: 200 unless given (201 for creations, 204 for empty answers). */
  status?: number;
  /** Other success statuses with the same body, where Gitea's handler has more than one (PUT /contents: 201 when it creates). */
  alsoStatus?: number[];
  query?: z.ZodType<Q>;
  guards?: Guard[];
  /**
   * True for the few routes a user who must change the password may still call (the change itself, sign-out,
   * who am I). Every other route answers such a user 403, as Gitea's API does.
   */
  beforePasswordChange?: boolean;
  handler: (ctx: ApiContext<B, Q>) => Promise<void> | void;
}

/** Defines a route; the body and query types are inferred from their schemas. */
export function route<B = undefined, Q = Record<string, unknown>>(def: RouteDef<B, Q>): RouteDef<unknown, unknown> {
  return def as unknown as RouteDef<unknown, unknown>;
}

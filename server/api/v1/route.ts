/**
 * A route of the API: method, path, who may call it, the token scope it needs, the schemas of its body and
 * query, and a thin handler. Area files (`routes-*.ts`) list their routes top to bottom, like Gitea's api.go.
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
 * - `basic`: authenticated by basic auth or reverse proxy, not a token (Gitea's reqBasicOrRevProxyAuth).
 */
export type Access = 'public' | 'signed-in' | 'admin' | 'basic';

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
  query?: z.ZodType<Q>;
  guards?: Guard[];
  handler: (ctx: ApiContext<B, Q>) => Promise<void> | void;
}

/** Defines a route; the body and query types are inferred from their schemas. */
export function route<B = undefined, Q = Record<string, unknown>>(def: RouteDef<B, Q>): RouteDef<unknown, unknown> {
  return def as unknown as RouteDef<unknown, unknown>;
}

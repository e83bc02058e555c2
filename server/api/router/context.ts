/** The request as a handler sees it: the host's services, the doer, parsed body and query, paging. */
import type { Request, Response } from 'express';
import type { AppContext } from '../../services/context.ts';
import type { Auth } from '../../services/auth/authenticate.ts';
import type { UserRecord } from '../../store/records.ts';

export interface Paging {
  page: number;
  limit: number;
}

export interface ApiContext<B = unknown, Q = unknown> {
  app: AppContext;
  req: Request;
  res: Response;
  /** The authenticated request, or null for an anonymous one. */
  auth: Auth | null;
  /** Shortcut for auth?.user. */
  doer: UserRecord | null;
  /** Scheme, host and port the client reached us by, e.g. `http://192.168.1.20:3000`. */
  baseUrl: string;
  params: Record<string, string>;
  query: Q;
  body: B;
  paging: Paging;
  /** Filled by guards (a repository, the doer's permission on it, ...). */
  locals: Record<string, unknown>;
}

/**
 * Sends requests to a test host and checks each answer against the response schema its route declares: the
 * route is found in the route table as express would find it, the status must be the declared one and the
 * body must parse with the schema (strict objects: an unknown key fails). Records which operations were checked.
 */
import assert from 'node:assert/strict';
import type { z } from 'zod';
import type { RouteDef } from '../../server/api/router/route.ts';
import { API_V1_ROUTES } from '../../server/api/v1/index.ts';
import { HOMEFORGE_ROUTES } from '../../server/api/homeforge/index.ts';
import { request, type ApiResponse, type RequestOpts, type TestHost } from '../helpers/host.ts';

interface Compiled { def: RouteDef; re: RegExp; mount: string }

const escape = (s: string): string => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/** `/repos/:owner/:repo/raw/*filepath` → a regular expression over the decoded request path. */
function compile(def: RouteDef, mount: string): Compiled {
  const source = def.path.split(/([:*]\w+)/).map((part) => {
    if (part.startsWith(':')) return '([^/]+)';
    if (part.startsWith('*')) return '(.+)';
    return escape(part);
  }).join('');
  return { def, mount, re: new RegExp(`^${source}/?$`) };
}

const TABLE: Compiled[] = [
  ...API_V1_ROUTES.map((d) => compile(d, '/api/v1')),
  ...HOMEFORGE_ROUTES.map((d) => compile(d, '/api/homeforge')),
];

/** The route that serves `method path` (path with its mount, e.g. `/api/v1/user`), first match wins as in express. */
export function routeOf(method: string, fullPath: string): RouteDef {
  const pathname = decodeURIComponent(fullPath.split('?')[0]!);
  const found = TABLE.find((c) => c.def.method === method.toLowerCase() && pathname.startsWith(`${c.mount}/`) && c.re.test(pathname.slice(c.mount.length)));
  assert.ok(found, `no route serves ${method} ${fullPath}`);
  return found.def;
}

/** Describes what is wrong with `body` for `schema`, one line per issue. */
export function mismatches(schema: z.ZodType, body: unknown): string[] {
  const r = schema.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`);
}

export interface Checker {
  /** Sends a request below `/api/v1` and checks the answer; returns it. */
  v1(method: string, p: string, opts?: RequestOpts): Promise<ApiResponse>;
  /** Sends a request below `/api/homeforge` and checks the answer. */
  hf(method: string, p: string, opts?: RequestOpts): Promise<ApiResponse>;
  /** Checks a body that came some other way (e.g. from gitea-js) against the route of `method path`. */
  body(method: string, fullPath: string, status: number, body: unknown): void;
  /** operationIds of every answer checked so far. */
  seen: Set<string>;
}

/** A checker for one host. */
export function checker(h: TestHost): Checker {
  const seen = new Set<string>();
  const check = (method: string, fullPath: string, status: number, body: unknown): void => {
    const def = routeOf(method, fullPath);
    const want = [def.status ?? (def.response ? 200 : 204), ...(def.alsoStatus ?? [])];
    assert.ok(want.includes(status), `${method} ${fullPath} (${def.operationId}) answered ${status}, declared ${want.join(' or ')}: ${JSON.stringify(body)?.slice(0, 300)}`);
    // A 204 has no body to check (a route answering 200 with a body or 204 without, as Gitea's dispatch does).
    if (def.response && status !== 204) {
      const problems = mismatches(def.response, body);
      assert.deepEqual(problems, [], `${def.operationId}: the answer does not match its declared schema`);
    }
    seen.add(def.operationId);
  };
  const send = (mount: string) => async (method: string, p: string, opts: RequestOpts = {}): Promise<ApiResponse> => {
    const res = await request(h.url, method, `${mount}${p}`, opts);
    check(method, `${mount}${p}`, res.status, res.body);
    return res;
  };
  return { v1: send('/api/v1'), hf: send('/api/homeforge'), body: check, seen };
}

/** Every route of /api/v1 and /api/homeforge. */
export const allRoutes = (): RouteDef[] => [...API_V1_ROUTES, ...HOMEFORGE_ROUTES];

/** Every GET and POST operation. */
export const declaredGetPost = (): RouteDef[] => allRoutes().filter((r) => r.method === 'get' || r.method === 'post');

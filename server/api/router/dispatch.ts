/**
 * Hands a request to an express router holding only the routes whose path could match it, in their table
 * order: those with the same first segment and, unless they end in a wildcard or optional part, the same
 * number of segments. An express router tries its routes one by one, and the API has hundreds; the matching
 * itself (params, their decoding, HEAD, OPTIONS, trailing slash) stays express's, on the same route paths.
 */
import { Router, type RequestHandler } from 'express';
import type { Method } from './route.ts';

export interface PathRoute {
  method: Method;
  path: string;
  handler: RequestHandler;
}

interface Shape {
  /** The first segment, lower case (express matches paths without regard to case); null when it is a param. */
  first: string | null;
  /** Segments of a fixed-length path; the least number for an open one. */
  segments: number;
  /** True when the path ends in a wildcard or an optional part, so it matches longer paths too. */
  open: boolean;
}

/** Bucket for paths longer than any fixed route: every route of the first segment (a superset is always safe). */
const LONG = 32;

/** ASCII-only lower case: the only folding a case-insensitive (non-unicode) RegExp does between these characters. */
const lowerAscii = (s: string): string => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());

/** The shape of a route path such as `/repos/:owner/:repo/contents/*filepath`. */
export function routeShape(path: string): Shape {
  const segs = path.split('/').slice(1);
  const openAt = segs.findIndex((s) => s.includes('*') || s.includes('{') || s.includes('('));
  const first = segs[0] ?? '';
  const literal = openAt !== 0 && !first.includes(':');
  return { first: literal ? lowerAscii(first) : null, segments: openAt < 0 ? segs.length : openAt, open: openAt >= 0 };
}

/** The first segment and the number of segments of a request path (one trailing slash is not counted, as express allows it). */
export function requestShape(path: string): { first: string; segments: number } {
  const segs = path.split('/');
  let n = segs.length - 1;
  if (n > 1 && segs[n] === '') n--;
  return { first: lowerAscii(segs[1] ?? ''), segments: n };
}

/** One handler that dispatches to per-shape express routers built on first use. */
export function pathDispatch(routes: PathRoute[]): RequestHandler {
  const shaped = routes.map((route) => ({ route, shape: routeShape(route.path) }));
  const literals = new Set(shaped.flatMap(({ shape }) => (shape.first === null ? [] : [shape.first])));
  const anyFirst = shaped.some(({ shape }) => shape.first === null);
  const routers = new Map<string, Router>();
  const routerFor = (first: string, segments: number): Router | undefined => {
    // a first segment no route names literally can still match routes that start with a param
    const group = literals.has(first) ? first : null;
    if (group === null && !anyFirst) return undefined;
    const n = Math.min(segments, LONG);
    const key = `${group ?? ''}/${n}`;
    let r = routers.get(key);
    if (!r) {
      r = Router();
      for (const { route, shape } of shaped) {
        if (shape.first !== null && shape.first !== group) continue;
        if (n === LONG || (shape.open ? segments >= shape.segments : segments === shape.segments)) r[route.method](route.path, route.handler);
      }
      routers.set(key, r);
    }
    return r;
  };
  return (req, res, next) => {
    const { first, segments } = requestShape(req.path);
    const r = routerFor(first, segments);
    if (r) r(req, res, next);
    else next();
  };
}

/** The UI's route list read from `renderer/src/routes.tsx`, so the accessibility audit visits a page added later too. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { matchRoutes } from 'react-router';

const ROUTES_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../renderer/src/routes.tsx');

/**
 * The path pattern of every entry of `ROUTES`: `page('/x', ...)` is `/x`, `repo('/x', ...)` is `/:owner/:repo/x`.
 * Throws on an entry of another shape, so a new kind of entry is taught here rather than silently left out.
 */
export function routePatterns(): string[] {
  const src = readFileSync(ROUTES_FILE, 'utf8');
  const start = src.indexOf('export const ROUTES');
  const end = src.indexOf('\n];', start);
  if (start < 0 || end < 0) throw new Error('no `export const ROUTES = [...]` list in routes.tsx');
  const patterns: string[] = [];
  for (const line of src.slice(src.indexOf('= [', start) + 3, end).split('\n')) {
    const t = line.trim();
    if (!t || t.startsWith('//')) continue;
    const m = /^(page|repo)\((['`])(.*?)\2\s*,/.exec(t);
    if (!m) throw new Error(`routes.tsx: an entry the accessibility audit cannot read: ${t}`);
    patterns.push(m[1] === 'repo' ? `/:owner/:repo${m[3]}` : m[3]!);
  }
  return patterns;
}

/** The pattern of the route react-router picks for `url` among `patterns`. */
export function matchedPattern(patterns: string[], url: string): string | undefined {
  const m = matchRoutes(patterns.map((p) => ({ path: p })), new URL(url, 'http://host').pathname);
  return m?.at(-1)?.route.path;
}

/**
 * The UI's single page at every web address (Gitea's `/{owner}/{repo}/src/...`, `/-/admin`, `/user/login`...):
 * static files first, then `index.html` for any other GET that asks for HTML. API paths, git's smart-HTTP
 * and dumb-HTTP paths and missing assets are left to the 404 that follows.
 */
import express, { Router, type Request } from 'express';
import path from 'node:path';
import { existsSync } from 'node:fs';

const NOT_PAGES = [
  /^\/api(\/|$)/,
  /^\/assets\//,
  /^\/[^/]+\/[^/]+\.git(\/|$)/i,
  /^\/[^/]+\/[^/]+\/(info\/refs|git-upload-pack|git-receive-pack|HEAD|objects\/)/,
];

/** Whether `req` is a browser asking for a page of the UI (not an API call, git, or a file). */
export function isPageRequest(req: Request): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (NOT_PAGES.some((re) => re.test(req.path))) return false;
  // Only an explicit text/html: git, curl and fetch() send */* and must get the 404, not the page.
  return (req.get('Accept') ?? '').includes('text/html');
}

/** Serves the built UI from `dist` with the history fallback; nothing when the UI was not built. */
export function spaFallback(dist: string): Router {
  const r = Router();
  if (!existsSync(dist)) return r;
  r.use(express.static(dist, { index: 'index.html' }));
  r.use((req, res, next) => {
    if (isPageRequest(req)) res.sendFile(path.join(dist, 'index.html'));
    else next();
  });
  return r;
}

/**
 * Hands a request to a router only when its path could match one of the router's routes. An express router
 * that matches nothing still walks its stack and then leaves through `setImmediate`, so every API request
 * would pay a hop of the event loop for each router mounted before the API (git transport, internal
 * endpoints) that can never answer it.
 */
import type { RequestHandler } from 'express';

/** Runs `handler` for requests whose path `mayMatch` (a superset of its routes' paths is enough), else passes on. */
export function pathGate(mayMatch: (path: string) => boolean, handler: RequestHandler): RequestHandler {
  return (req, res, next) => {
    if (mayMatch(req.path)) {
      void handler(req, res, next);
      return;
    }
    next();
  };
}

// express matches without regard to case and allows one trailing slash.
const GIT_PATH = /\/(info\/refs|git-upload-pack|git-receive-pack)\/?$/i;
const INTERNAL_PATH = /^\/api\/internal\//i;

/** Paths the git transport routes may answer: `…/info/refs`, `…/git-upload-pack`, `…/git-receive-pack`, and the pre-receive hook's internal call. */
export const mayBeGitPath = (path: string): boolean => GIT_PATH.test(path) || INTERNAL_PATH.test(path);

const ARTIFACT_RAW_PATH = /\/zip\/raw\/?$/i;

/** Paths the signed artifact download may answer (`…/actions/artifacts/{id}/zip/raw`). */
export const mayBeArtifactRawPath = (path: string): boolean => ARTIFACT_RAW_PATH.test(path);

/** Paths of the internal endpoints for tools on this machine (`/api/internal/…`). */
export const mayBeInternalPath = (path: string): boolean => INTERNAL_PATH.test(path);

const AVATAR_PATH = /^\/(?:avatars\/[^/]+|repo-avatars\/[^/]+\/[^/]+)\/?$/i;

/** Paths of the avatar images (`/avatars/{name}`, `/repo-avatars/{id}/{hash}`). */
export const mayBeAvatarPath = (path: string): boolean => AVATAR_PATH.test(path);

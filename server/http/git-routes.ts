/**
 * Git over smart HTTP at `/{owner}/{repo}.git/...` (and without `.git`): info/refs, git-upload-pack,
 * git-receive-pack. Errors are answered as text/plain, which the git client prints as `remote: ...`.
 */
import { Router, type Request, type Response, type NextFunction } from 'express';
import { createGunzip } from 'node:zlib';
import { Readable } from 'node:stream';
import path from 'node:path';
import type { AppContext } from '../services/context.ts';
import { credentialsOf } from './auth.ts';
import { gitAccess, type GitAccess } from '../services/repository/git-access.ts';
import { afterReceivePack } from '../services/repository/push.ts';
import { afterWikiPush } from '../services/wiki/push.ts';
import { ensureWiki, wikiExists } from '../services/wiki/wiki-repo.ts';
import { noteGitFailure } from '../services/housekeeping/index.ts';
import { advertisement, serve, type GitService } from '../git/smart-http.ts';
import { serveUploadPack } from '../git/cached-upload.ts';
import { PackCache } from '../git/pack-cache.ts';
import { PreReceiveGate } from './pre-receive.ts';
import { offersNegotiate } from '../services/auth/negotiate.ts';
import { BadRequestError, ForbiddenError, MovedError, NotFoundError, ServiceError, UnauthorizedError } from '../lib/errors.ts';
import { findUserByName } from '../services/user/lookup.ts';
import { movedPath, redirectTarget } from '../services/repository/redirects.ts';

const NO_CACHE = {
  Expires: 'Fri, 01 Jan 1980 00:00:00 GMT',
  Pragma: 'no-cache',
  'Cache-Control': 'no-cache, max-age=0, must-revalidate',
};

function serviceOf(name: unknown): GitService {
  if (name === 'git-upload-pack') return 'upload-pack';
  if (name === 'git-receive-pack') return 'receive-pack';
  throw new ForbiddenError('only the smart HTTP protocol is supported (service=git-upload-pack or git-receive-pack)');
}

const repoParam = (req: Request): string => String(req.params.repo ?? '').replace(/\.git$/i, '').replace(/\.wiki$/i, '');
/** `{repo}.wiki(.git)` names the repository's wiki (a repository name never ends in `.wiki`). */
const isWiki = (req: Request): boolean => /\.wiki$/i.test(String(req.params.repo ?? '').replace(/\.git$/i, ''));
const header = (req: Request, name: string): string | undefined => req.get(name) ?? undefined;

/**
 * The access check of the request; for a wiki, its repository is made by the first push (Gitea makes it by the
 * first page), and a fetch from a wiki that does not exist yet answers 404.
 */
async function access(app: AppContext, req: Request, res: Response, service: GitService): Promise<GitAccess> {
  const wiki = isWiki(req);
  const a = await gitAccess(app, { ...credentialsOf(app, req), purpose: 'git' }, String(req.params.owner ?? ''), repoParam(req), service === 'receive-pack', wiki);
  if (a.negotiateResponse) res.setHeader('WWW-Authenticate', `Negotiate ${a.negotiateResponse}`);
  if (!wiki) return a;
  if (service === 'receive-pack') await ensureWiki(app, a.repo);
  else if (!wikiExists(app, a.repo)) throw new NotFoundError('Repository not found');
  return a;
}

/**
 * The old name of a renamed or transferred repository sends git to the new one (git follows a redirect of its
 * first request, info/refs), when these credentials reach the new one; otherwise the old name's own refusal.
 */
async function accessOrMoved(app: AppContext, req: Request, res: Response, service: GitService): Promise<GitAccess> {
  try {
    return await access(app, req, res, service);
  } catch (err) {
    if (!(err instanceof NotFoundError || err instanceof UnauthorizedError)) throw err;
    const ownerName = String(req.params.owner ?? '');
    const owner = await findUserByName(app, ownerName);
    const target = owner ? await redirectTarget(app, owner, repoParam(req)) : undefined;
    if (!target) throw err;
    const reach = await gitAccess(app, { ...credentialsOf(app, req), purpose: 'git' }, target.owner.name, target.repo.name, service === 'receive-pack').then(() => true, () => false);
    if (!reach) throw err;
    const q = req.originalUrl.indexOf('?');
    const path = movedPath(q < 0 ? req.originalUrl : req.originalUrl.slice(0, q), '', ownerName, repoParam(req), target);
    throw new MovedError(`${path}${q < 0 ? '' : req.originalUrl.slice(q)}`);
  }
}

async function infoRefs(app: AppContext, req: Request, res: Response): Promise<void> {
  const service = serviceOf(req.query.service);
  const a = await accessOrMoved(app, req, res, service);
  res.set({ ...NO_CACHE, 'Content-Type': `application/x-git-${service}-advertisement` });
  res.status(200).end(await advertisement(a.gitDir, service, header(req, 'Git-Protocol')));
}

function requestBody(req: Request): Readable {
  const enc = (header(req, 'Content-Encoding') ?? '').toLowerCase();
  if (enc === 'gzip' || enc === 'x-gzip') return req.pipe(createGunzip());
  if (enc && enc !== 'identity') throw new BadRequestError(`unsupported Content-Encoding: ${enc}`);
  return req;
}

/**
 * Before a large push git sends a lone flush packet (`0000`) to check the credentials. receive-pack would
 * read no command from it and write nothing, so it is answered without starting git (one process less per push).
 */
async function probeBody(req: Request, service: GitService): Promise<Buffer | null> {
  if (service !== 'receive-pack' || req.get('Content-Length') !== '4' || req.get('Content-Encoding')) return null;
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Runs one upload-pack or receive-pack exchange. Ref updates of a push are checked by the pre-receive hook,
 * which calls back into `gate` before git moves any ref; git prints a refusal as `remote: ...`.
 */
async function rpc(app: AppContext, gate: PreReceiveGate, req: Request, res: Response, service: GitService, cache: PackCache | null): Promise<void> {
  if (req.get('Content-Type') !== `application/x-git-${service}-request`) throw new BadRequestError(`expected Content-Type application/x-git-${service}-request`);
  const a = await access(app, req, res, service);
  const small = await probeBody(req, service);
  res.writeHead(200, { ...NO_CACHE, 'Content-Type': `application/x-git-${service}-result` });
  if (small?.toString('latin1') === '0000') {
    res.end();
    return;
  }
  const body = small ? Readable.from([small]) : requestBody(req);
  const hook = service === 'receive-pack' && a.doer ? await gate.begin(req, a.repo, a.doer, a.gitDir) : null;
  try {
    const result = service === 'upload-pack'
      ? await serveUploadPack(cache, a.gitDir, body, res, header(req, 'Git-Protocol'))
      : await serve(a.gitDir, service, body, res, header(req, 'Git-Protocol'), {
        env: hook?.env, channel: hook?.channel, hostUpkeep: app.settings.bool('housekeeping.AFTER_PUSH'),
      });
    if (service === 'receive-pack' && result.code === 0 && a.doer) {
      try {
        const after = isWiki(req) ? afterWikiPush : afterReceivePack;
        await after(app, a.repo, a.doer, a.gitDir, result.commands, result.report, res.locals.baseUrl as string);
      } catch (err) {
        app.log.error('processing a push failed', { repo: a.repo.id, error: err instanceof Error ? err.stack : String(err) });
      }
    } else if (result.code !== 0) {
      app.log.warn(`git ${service} exited with ${result.code}`, { repo: a.repo.id, stderr: result.stderr.slice(0, 500) });
      await noteGitFailure(app, a.repo.id, result.stderr).catch(() => undefined);
    }
  } finally {
    // After the push's records: a backup's snapshot point waits for this.
    hook?.end();
  }
  res.end();
}

function gitError(app: AppContext) {
  return (err: unknown, _req: Request, res: Response, next: NextFunction): void => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (!(err instanceof ServiceError)) {
      next(err);
      return;
    }
    if (err instanceof UnauthorizedError) {
      // git (libcurl) picks Negotiate when it has a ticket (http.emptyAuth), else asks for a password.
      res.setHeader('WWW-Authenticate', offersNegotiate(app) ? ['Negotiate', 'Basic realm="Homeforge"'] : 'Basic realm="Homeforge"');
    }
    if (err instanceof MovedError) res.setHeader('Location', err.location);
    app.log.debug('git request refused', { status: err.status, message: err.message });
    res.status(err.status).type('text/plain').send(`${err.message}\n`);
  };
}

/** The git transport routes of one host. Mount before /api. */
export function gitRoutes(app: AppContext): Router {
  const r = Router();
  const gate = new PreReceiveGate(app);
  const cacheMiB = app.settings.int('housekeeping.PACK_CACHE_SIZE');
  const cache = cacheMiB > 0 ? new PackCache(path.join(app.dataDir, 'cache', 'upload-pack'), cacheMiB * 2 ** 20) : null;
  r.use(gate.router());
  r.get('/:owner/:repo/info/refs', (req, res) => infoRefs(app, req, res));
  r.post('/:owner/:repo/git-upload-pack', (req, res) => rpc(app, gate, req, res, 'upload-pack', cache));
  r.post('/:owner/:repo/git-receive-pack', (req, res) => rpc(app, gate, req, res, 'receive-pack', null));
  r.use(gitError(app));
  return r;
}

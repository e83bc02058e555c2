/**
 * Gitea's artifacts v4 protocol (what actions/upload-artifact@v4 and download-artifact@v4 speak): Twirp JSON calls
 * under `/twirp/github.actions.results.api.v1.ArtifactService/` authenticated by the task's runtime token, and the
 * signed links they hand out (UploadArtifact, DownloadArtifact), which carry their own authorization.
 */
import { Router, type Request, type Response } from 'express';
import type { AppContext } from '../../services/context.ts';
import { taskOfBearer, signQuery, verifyQuery } from '../../services/actions/artifact-auth.ts';
import {
  createArtifact, deleteArtifact, downloadableArtifact, downloadTarget, finalizeArtifact, listTaskArtifacts, receiveUpload, taskArtifactNamed,
} from '../../services/actions/artifacts.ts';
import { openZip } from '../../services/actions/artifact-files.ts';
import { ServiceError } from '../../lib/errors.ts';

export const ARTIFACT_V4_BASE = '/twirp/github.actions.results.api.v1.ArtifactService';

const TWIRP_CODES: Record<number, string> = { 400: 'invalid_argument', 401: 'unauthenticated', 403: 'permission_denied', 404: 'not_found', 413: 'resource_exhausted' };

/** Reads a small JSON body (at most 64 KiB) as an object. */
async function jsonBody(req: Request): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of req) {
    text += String(chunk);
    if (text.length > 65_536) throw new ServiceError(413, 'request body is too large');
  }
  try {
    const v = JSON.parse(text || '{}') as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch { /* answered below */ }
  throw new ServiceError(400, 'Error decode request body');
}

/** A field by its proto name or its JSON (lowerCamel) name, as protojson reads both. */
function field(body: Record<string, unknown>, snake: string): unknown {
  const camel = snake.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
  return body[snake] ?? body[camel];
}
const optString = (v: unknown): string | undefined => (v === undefined || v === null ? undefined : typeof v === 'object' ? optString((v as { value?: unknown }).value) : String(v as string | number));

/** Runs a handler, answering a service error as a Twirp error. */
function twirp(fn: (req: Request, res: Response) => Promise<unknown>) {
  return (req: Request, res: Response) => {
    fn(req, res).then((body) => {
      if (body !== undefined) res.status(200).type('application/json').send(JSON.stringify(body));
    }, (e: unknown) => {
      const status = e instanceof ServiceError ? e.status : 500;
      const msg = e instanceof ServiceError ? e.message : 'internal error';
      if (!res.headersSent) res.status(status).json({ code: TWIRP_CODES[status] ?? 'internal', msg });
      else res.end();
    });
  };
}

/** The protocol's routes, mounted at the site's root (ACTIONS_RESULTS_URL is the host's URL). */
export function artifactV4Routes(app: AppContext): Router {
  const r = Router();
  const base = (res: Response) => `${String(res.locals.baseUrl)}${ARTIFACT_V4_BASE}`;
  const call = (name: string, fn: (body: Record<string, unknown>, req: Request, res: Response) => Promise<unknown>) =>
    r.post(`${ARTIFACT_V4_BASE}/${name}`, twirp(async (req, res) => {
      const body = await jsonBody(req);
      return fn(body, req, res);
    }));
  const runOf = (b: Record<string, unknown>) => field(b, 'workflow_run_backend_id');

  call('CreateArtifact', async (b, req, res) => {
    const task = await taskOfBearer(app, req.headers.authorization);
    const a = await createArtifact(app, task, { runBackendId: runOf(b), name: field(b, 'name'), expiresAt: optString(field(b, 'expires_at')) });
    return { ok: true, signedUploadUrl: `${base(res)}/UploadArtifact?${signQuery(app, { endpoint: 'UploadArtifact', artifactId: a.id, taskId: task.id })}` };
  });
  call('FinalizeArtifact', async (b, req) => {
    const task = await taskOfBearer(app, req.headers.authorization);
    const a = await finalizeArtifact(app, task, { runBackendId: runOf(b), name: field(b, 'name'), hash: optString(field(b, 'hash')) });
    return { ok: true, artifactId: String(a.id) };
  });
  call('ListArtifacts', async (b, req) => {
    const task = await taskOfBearer(app, req.headers.authorization);
    const list = await listTaskArtifacts(app, task, { runBackendId: runOf(b), nameFilter: optString(field(b, 'name_filter')), idFilter: optString(field(b, 'id_filter')) });
    return {
      artifacts: list.map((a) => ({
        workflowRunBackendId: String(a.run_id), workflowJobRunBackendId: String(a.job_id), databaseId: String(a.id), name: a.name, size: String(a.size), createdAt: a.created,
      })),
    };
  });
  call('GetSignedArtifactURL', async (b, req, res) => {
    const task = await taskOfBearer(app, req.headers.authorization);
    const a = await taskArtifactNamed(app, task, { runBackendId: runOf(b), name: field(b, 'name') });
    return { signedUrl: `${base(res)}/DownloadArtifact?${signQuery(app, { endpoint: 'DownloadArtifact', artifactId: a.id, taskId: task.id })}` };
  });
  call('DeleteArtifact', async (b, req) => {
    const task = await taskOfBearer(app, req.headers.authorization);
    const a = await taskArtifactNamed(app, task, { runBackendId: runOf(b), name: field(b, 'name') });
    await deleteArtifact(app, a);
    return { ok: true, artifactId: String(a.id) };
  });
  r.put(`${ARTIFACT_V4_BASE}/UploadArtifact`, twirp(async (req, res) => {
    const t = verifyQuery(app, 'UploadArtifact', req.query);
    const answer = await receiveUpload(app, t, optString(req.query.comp) ?? '', optString(req.query.blockid) ?? '', req);
    res.status(201).json(answer);
    return undefined;
  }));
  r.get(`${ARTIFACT_V4_BASE}/DownloadArtifact`, twirp(async (req, res) => {
    const a = await downloadTarget(app, verifyQuery(app, 'DownloadArtifact', req.query));
    await sendZip(app, res, a);
    return undefined;
  }));
  return r;
}

/** Streams an artifact's zip. */
async function sendZip(app: AppContext, res: Response, a: { id: number; repo_id: number; name: string; size: number }): Promise<void> {
  res.status(200).set({
    'content-type': 'application/zip', 'content-length': String(a.size),
    'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(`${a.name}.zip`)}`,
  });
  await new Promise<void>((resolve, reject) => {
    const s = openZip(app, a.repo_id, a.id);
    s.on('error', reject);
    res.on('close', () => resolve());
    s.pipe(res);
  });
}

/** The API's signed download (`.../actions/artifacts/{id}/zip/raw`), where `/zip` redirects. */
export function artifactRawRoute(app: AppContext): Router {
  const r = Router();
  r.get('/v1/repos/:owner/:repo/actions/artifacts/:id/zip/raw', (req, res) => {
    void (async () => {
      try {
        const t = verifyQuery(app, 'zip', req.query);
        if (String(t.artifactId) !== req.params.id) throw new ServiceError(401, 'Error unauthorized');
        await sendZip(app, res, await downloadableArtifact(app, t.artifactId));
      } catch (e) {
        const status = e instanceof ServiceError ? e.status : 500;
        if (!res.headersSent) res.status(status).json({ message: e instanceof ServiceError ? e.message : 'internal error', url: '' });
      }
    })();
  });
  return r;
}

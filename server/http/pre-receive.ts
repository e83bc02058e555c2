/**
 * The host's end of the pre-receive hook. Each receive-pack run gets a random token that names its repository
 * and pusher; the token reaches the hook only through the child's environment (never the repository's files)
 * and is forgotten when receive-pack exits. The hook posts the ref updates with it to the internal endpoint,
 * which answers allow, or refuse with the message git prints as `remote: ...`.
 */
import { randomBytes } from 'node:crypto';
import express, { Router, type Request, type Response } from 'express';
import type { AppContext } from '../services/context.ts';
import type { RepoRecord, UserRecord } from '../store/records.ts';
import { checkPushUpdates, preReceiveNeeded } from '../services/repository/pre-receive.ts';
import { HOOK_ENV, quarantineEnv } from '../git/hooks.ts';

/** Where the hook posts (Gitea keeps its hook callbacks under /api/internal too). */
export const PRE_RECEIVE_PATH = '/api/internal/hook/pre-receive';

interface OpenPush {
  repoId: number;
  doer: UserRecord;
  gitDir: string;
  calledBack: () => void;
  /** The snapshot-point lease taken at the callback, given back when the push's processing is done. */
  lease?: () => void;
}

const REF_LINE = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

function parseUpdates(body: unknown): { ref: string; oldSha: string; newSha: string }[] | null {
  const list = (body as { updates?: unknown } | null)?.updates;
  if (!Array.isArray(list) || list.length > 10_000) return null;
  const out = [];
  for (const u of list as Record<string, unknown>[]) {
    const { ref, oldSha, newSha } = u ?? {};
    if (typeof ref !== 'string' || !ref.startsWith('refs/') || typeof oldSha !== 'string' || typeof newSha !== 'string') return null;
    if (!REF_LINE.test(oldSha) || !REF_LINE.test(newSha)) return null;
    out.push({ ref, oldSha, newSha });
  }
  return out;
}

/** The address of this host as seen from the machine itself: the local end of the push's own connection. */
function callbackUrl(req: Request): string {
  let addr = req.socket.localAddress ?? '127.0.0.1';
  if (addr.startsWith('::ffff:') && addr.includes('.')) addr = addr.slice('::ffff:'.length);
  const host = addr.includes(':') ? `[${addr.replace('%', '%25')}]` : addr;
  return `http://${host}:${req.socket.localPort ?? 0}${PRE_RECEIVE_PATH}`;
}

/** The pushes in flight of one host, and the endpoint their hooks call. */
export class PreReceiveGate {
  private readonly app: AppContext;
  private readonly open = new Map<string, OpenPush>();

  constructor(app: AppContext) {
    this.app = app;
  }

  /**
   * Registers a receive-pack run; returns the environment for the child and the function that forgets it.
   * When no rule can refuse anything in `repo`, the hook allows without calling back, unless a snapshot point
   * is being fixed.
   */
  async begin(req: Request, repo: RepoRecord, doer: UserRecord, gitDir: string): Promise<{ env: Record<string, string>; end: () => void }> {
    const check = await preReceiveNeeded(this.app, repo);
    const token = randomBytes(32).toString('hex');
    const tracked = this.app.point.openPush();
    const push: OpenPush = { repoId: repo.id, doer, gitDir, calledBack: tracked.calledBack };
    this.open.set(token, push);
    return {
      env: {
        [HOOK_ENV.mode]: check ? 'check' : 'skip',
        [HOOK_ENV.url]: callbackUrl(req),
        [HOOK_ENV.token]: token,
        [HOOK_ENV.node]: process.execPath,
        [HOOK_ENV.mark]: tracked.marker,
        [HOOK_ENV.gate]: this.app.point.gateFile,
        // Inside Electron, execPath is the app itself: this makes it run the hook client as plain node.
        ELECTRON_RUN_AS_NODE: '1',
      },
      // Called after the push's processing: a snapshot point waits for this, so the push is wholly in or out.
      end: () => {
        this.open.delete(token);
        push.lease?.();
        tracked.end();
      },
    };
  }

  private lookup(req: Request): OpenPush | undefined {
    // 256 random bits per push, alive only while its receive-pack runs: a plain lookup is safe.
    const given = /^Bearer ([0-9a-f]{64})$/.exec(req.get('Authorization') ?? '')?.[1];
    return given ? this.open.get(given) : undefined;
  }

  private async answer(req: Request, res: Response): Promise<void> {
    const push = this.lookup(req);
    if (!push) {
      res.status(403).json({ allow: false, message: 'unknown push' });
      return;
    }
    const updates = parseUpdates(req.body);
    if (!updates) {
      res.status(400).json({ allow: false, message: 'malformed ref updates' });
      return;
    }
    push.calledBack();
    // Held here while a backup fixes its snapshot point; refs move only after the answer.
    push.lease ??= await this.app.point.enter();
    const objectEnv = quarantineEnv(push.gitDir, (req.body as { quarantine?: unknown }).quarantine);
    const refusal = await checkPushUpdates(this.app, push.repoId, push.doer, updates, { objectEnv });
    res.status(200).json(refusal ? { allow: false, message: refusal } : { allow: true });
  }

  /** The internal endpoint; mount it before authentication (the token is its only credential). */
  router(): Router {
    const r = Router();
    r.post(PRE_RECEIVE_PATH, express.json({ limit: '4mb' }), (req, res) => this.answer(req, res));
    return r;
  }
}

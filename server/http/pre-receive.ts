/**
 * The host's end of the pre-receive hook. Each receive-pack run gets a random token that names its repository
 * and pusher; the token reaches the hook only through the child's environment (never the repository's files)
 * and is forgotten when receive-pack exits. The hook sends the ref updates with it over the socket receive-pack
 * inherited (hook-channel.ts), or where there is none posts them to the internal endpoint; either answers
 * allow, or refuse with the message git prints as `remote: ...`.
 */
import { randomBytes } from 'node:crypto';
import type { Duplex } from 'node:stream';
import express, { Router, type Request, type Response } from 'express';
import type { AppContext } from '../services/context.ts';
import type { RepoRecord, UserRecord } from '../store/records.ts';
import { checkPushUpdates, preReceiveNeeded } from '../services/repository/pre-receive.ts';
import { CHANNEL_FD, HOOK_ENV, quarantineEnv } from '../git/hooks.ts';
import { sameToken, serveHookChannel } from './hook-channel.ts';

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

/** What begin() gives the transport: the child's environment, the channel's server, and the end of the push. */
export interface OpenedPush {
  env: Record<string, string>;
  /** Serves the hook's channel; set where the child can inherit it (receive-pack's file descriptor 3). */
  channel?: (socket: Duplex) => void;
  end: () => void;
}

type RefUpdateLine = { ref: string; oldSha: string; newSha: string };

/** Git for Windows hands its hooks only the three standard handles: the hook uses the node client there. */
const HOOK_CHANNEL = process.platform !== 'win32';

const REF_LINE = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

function parseUpdates(body: unknown): RefUpdateLine[] | null {
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
  async begin(req: Request, repo: RepoRecord, doer: UserRecord, gitDir: string): Promise<OpenedPush> {
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
        ...(HOOK_CHANNEL ? { [HOOK_ENV.channel]: String(CHANNEL_FD) } : {}),
        // Inside Electron, execPath is the app itself: this makes it run the hook client as plain node.
        ELECTRON_RUN_AS_NODE: '1',
      },
      channel: HOOK_CHANNEL ? (socket) => serveHookChannel(socket, async (q) => {
        if (!q) return 'malformed ref updates';
        if (!sameToken(q.token, token) || this.open.get(token) !== push) return 'unknown push';
        return this.decide(push, q.updates, q.quarantine);
      }) : undefined,
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
    const refusal = await this.decide(push, updates, (req.body as { quarantine?: unknown }).quarantine);
    res.status(200).json(refusal ? { allow: false, message: refusal } : { allow: true });
  }

  /** The answer for a push's ref updates: the refusal message, or null to allow. */
  private async decide(push: OpenPush, updates: RefUpdateLine[], quarantine: unknown): Promise<string | null> {
    push.calledBack();
    // Held here while a backup fixes its snapshot point; refs move only after the answer.
    push.lease ??= await this.app.point.enter();
    const objectEnv = quarantineEnv(push.gitDir, quarantine);
    return checkPushUpdates(this.app, push.repoId, push.doer, updates, { objectEnv });
  }

  /** The internal endpoint; mount it before authentication (the token is its only credential). */
  router(): Router {
    const r = Router();
    r.post(PRE_RECEIVE_PATH, express.json({ limit: '4mb' }), (req, res) => this.answer(req, res));
    return r;
  }
}

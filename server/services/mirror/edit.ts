/**
 * Mirror settings through the repository PATCH: enable_prune, mirror_interval and the upstream credentials
 * (mirror_username, mirror_password, mirror_token), each applied when present. Gitea skips them silently for
 * a repository that is not a mirror; here they are refused (422), as every flag that would do nothing is, so a
 * client never believes it stored credentials that were dropped.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord } from '../../store/records.ts';
import * as mirrorStore from '../../store/mirrors.ts';
import { formatDuration } from '../../lib/duration.ts';
import { ValidationError } from '../../lib/errors.ts';
import { IntervalError, nextDue, parseInterval } from './timing.ts';
import { openAuth, sealAuth } from './remote.ts';

export interface MirrorEditInput {
  enable_prune?: boolean | undefined;
  mirror_interval?: string | undefined;
  mirror_username?: string | undefined;
  mirror_password?: string | undefined;
  mirror_token?: string | undefined;
}

export interface MirrorEditPlan {
  enablePrune?: boolean;
  intervalMs?: number;
  credentials?: { username?: string | undefined; password?: string | undefined };
  /** What the repository's own record shows (the Repository object's mirror fields). */
  options: Record<string, unknown>;
}

const MIRROR_ONLY = ['mirror_username', 'mirror_password', 'mirror_token', 'enable_prune', 'mirror_interval'] as const;

/** A repository that is not a pull mirror takes no mirror field (an empty mirror_interval, as its Repository shows, is fine). */
function refuseOnPlainRepository(opts: MirrorEditInput): void {
  const given = MIRROR_ONLY.filter((k) => opts[k] !== undefined && !(k === 'mirror_interval' && opts[k] === ''));
  if (given.length > 0) {
    throw new ValidationError(`${given.join(', ')}: only a pull mirror has ${given.length > 1 ? 'these settings' : 'this setting'}, and this repository is not a mirror`);
  }
}

/** Checks the mirror fields of a PATCH before anything is written; null when there is nothing to do. */
export function checkMirrorEdit(app: AppContext, repo: RepoRecord, opts: MirrorEditInput): MirrorEditPlan | null {
  if (!repo.is_mirror) {
    refuseOnPlainRepository(opts);
    return null;
  }
  const plan: MirrorEditPlan = { options: {} };
  if (opts.enable_prune !== undefined) {
    plan.enablePrune = opts.enable_prune;
    plan.options.enable_prune = opts.enable_prune;
  }
  if (opts.mirror_interval !== undefined) {
    try {
      plan.intervalMs = parseInterval(app, opts.mirror_interval);
    } catch (err) {
      if (err instanceof IntervalError) throw new ValidationError(err.message, [{ field: 'mirror_interval', code: 'invalid', message: err.message }]);
      throw err;
    }
    plan.options.mirror_interval = formatDuration(plan.intervalMs);
  }
  if (opts.mirror_username !== undefined || opts.mirror_password !== undefined || opts.mirror_token !== undefined) {
    plan.credentials = { username: opts.mirror_username, password: opts.mirror_token || opts.mirror_password };
  }
  return plan;
}

/** Applies a checked plan to the mirror record: a new interval reschedules the next sync from now. */
export async function applyMirrorEdit(app: AppContext, repo: RepoRecord, plan: MirrorEditPlan | null): Promise<void> {
  if (!plan) return;
  const m = await mirrorStore.getByRepo(app.store, repo.id);
  if (!m) return;
  const creds = plan.credentials;
  const old = creds ? openAuth(app, m.credentials) : null;
  await mirrorStore.update(app.store, m.id, (r) => {
    if (plan.enablePrune !== undefined) r.enable_prune = plan.enablePrune;
    if (plan.intervalMs !== undefined) {
      r.interval_ms = plan.intervalMs;
      r.next_update = nextDue(app, Date.now(), plan.intervalMs, 0);
    }
    if (creds) {
      const username = creds.username ?? old?.username ?? '';
      const password = creds.password ?? old?.password ?? '';
      r.credentials = sealAuth(app, username || password ? { username: username || 'oauth2', password } : null);
    }
  });
}

/** The state of a pull mirror as the API shows it: its upstream, schedule, last sync and last failure. */
import type { AppContext } from '../context.ts';
import type { RepoRecord } from '../../store/records.ts';
import * as mirrorStore from '../../store/mirrors.ts';
import { formatDuration } from '../../lib/duration.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { MirrorStatus } from '../../structs/homeforge.ts';

const iso = (ms: number): string | null => (ms ? new Date(ms).toISOString() : null);

/** The mirror state of `repo`, or 404 when it is not a pull mirror. */
export async function mirrorStatus(app: AppContext, repo: RepoRecord): Promise<MirrorStatus> {
  const m = repo.is_mirror ? await mirrorStore.getByRepo(app.store, repo.id) : undefined;
  if (!m) throw new NotFoundError('Repository is not a mirror');
  return {
    remote_address: m.remote_address,
    interval: formatDuration(m.interval_ms),
    enable_prune: m.enable_prune,
    last_update: m.updated,
    last_success: m.last_success,
    last_error: m.last_error,
    last_error_at: m.last_error_at,
    consecutive_failures: m.failures,
    next_update: iso(m.next_update),
  };
}

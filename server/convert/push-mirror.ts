/** Maps a stored push mirror to Gitea's `PushMirror` JSON. */
import type { RepoRecord } from '../store/records.ts';
import type { PushMirrorRecord } from '../store/push-mirrors.ts';
import { formatDuration } from '../lib/duration.ts';
import type { PushMirror } from '../structs/mirror.ts';

/** Gitea's `PushMirror`: `last_update` is null until the first push. */
export function toPushMirror(pm: PushMirrorRecord, repo: RepoRecord): PushMirror {
  return {
    repo_name: repo.name,
    remote_name: pm.remote_name,
    remote_address: pm.remote_address,
    created: pm.created,
    last_update: pm.last_update,
    last_error: pm.last_error,
    interval: formatDuration(pm.interval_ms),
    sync_on_commit: pm.sync_on_commit,
  };
}

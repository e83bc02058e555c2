/** Wire shapes of housekeeping: Gitea's Cron and Homeforge's RepoHealth. */
import type { RepoHealthRecord } from '../store/housekeeping.ts';
import type { RepoRecord } from '../store/records.ts';
import type { Cron } from '../structs/cron.ts';
import type { RepoHealth } from '../structs/homeforge.ts';

/** Go's zero time, which Gitea writes for a task that has no next or previous run. */
const ZERO_TIME = '0001-01-01T00:00:00Z';

/** One cron task as Gitea's admin cron list shows it. */
export function toCron(t: { name: string; schedule: string; next: Date | null; prev: Date | null; exec_times: number }): Cron {
  return {
    name: t.name,
    schedule: t.schedule,
    next: t.next ? t.next.toISOString() : ZERO_TIME,
    prev: t.prev ? t.prev.toISOString() : ZERO_TIME,
    exec_times: t.exec_times,
  };
}

/** A repository's upkeep record; before the first upkeep the size is the repository's own. */
export function toRepoHealth(h: RepoHealthRecord, repo: Pick<RepoRecord, 'size_kb'>): RepoHealth {
  return {
    health: h.health,
    problems: h.problems,
    damaged_since: h.damaged_since,
    last_maintained: h.last_maintained,
    last_checked: h.last_checked,
    last_error: h.last_error,
    size: h.last_maintained ? h.size_kib : repo.size_kb,
    packs: h.packs,
    loose_objects: h.loose_objects,
    has_bitmap: h.has_bitmap,
    has_commit_graph: h.has_commit_graph,
  };
}

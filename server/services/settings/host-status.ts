/**
 * The host's state for the admin dashboard, from records that exist: LAN access and the addresses it serves,
 * webhook deliveries still waiting, hooks whose last delivery failed, and pull mirrors with their last error.
 */
import type { AppContext } from '../context.ts';
import * as hookStore from '../../store/hooks.ts';
import * as hookTasks from '../../store/hook-tasks.ts';
import * as mirrorStore from '../../store/mirrors.ts';
import * as repoStore from '../../store/repos.ts';
import * as userStore from '../../store/users.ts';
import type { HostStatus, MirrorProblem } from '../../structs/homeforge.ts';




async function fullName(app: AppContext, repoId: number): Promise<string> {
  const repo = await repoStore.getById(app.store, repoId);
  if (!repo) return `#${repoId}`;
  const owner = await userStore.getById(app.store, repo.owner_id);
  return `${owner?.name ?? '?'}/${repo.name}`;
}

/** The dashboard's view of the host. */
export async function hostStatus(app: AppContext): Promise<HostStatus> {
  const lanOn = app.settings.bool('server.LAN_ACCESS');
  const hooks = await hookStore.list(app.store);
  const mirrors = await mirrorStore.list(app.store);
  const failing: MirrorProblem[] = [];
  for (const m of mirrors.filter((x) => x.last_error !== '')) {
    failing.push({ repo: await fullName(app, m.repo_id), last_error: m.last_error, last_error_at: m.last_error_at, consecutive_failures: m.failures });
  }
  return {
    // Only addresses that are listening now: the LAN controller's, or none when there is no controller.
    lan: { enabled: lanOn, urls: lanOn && app.lan ? app.lan.urls() : [] },
    webhooks: {
      hooks: hooks.length,
      active: hooks.filter((h) => h.active).length,
      last_delivery_failed: hooks.filter((h) => h.last_status === 2).length,
      pending_deliveries: await hookTasks.pendingCount(app.store, hooks.map((h) => h.id)),
    },
    mirrors: { count: mirrors.length, with_errors: failing.length, problems: failing },
  };
}

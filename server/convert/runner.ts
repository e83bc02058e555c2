/** Runner records as Gitea's ActionRunner (routers convert.ToActionRunner). */
import type { RunnerRecord } from '../store/runners.ts';
import type { ActionRunner } from '../structs/runner.ts';

/** `state` is the runner's offline/idle/active, computed by the caller from when it was last heard from. */
export function toActionRunner(r: RunnerRecord, state: 'offline' | 'idle' | 'active'): ActionRunner {
  return {
    id: r.id,
    name: r.name,
    status: state === 'offline' ? 'offline' : 'online',
    busy: state === 'active',
    disabled: r.disabled,
    ephemeral: r.ephemeral,
    labels: r.labels.map((name, i) => ({ id: i, name, type: 'custom' })),
    version: r.version,
    last_online: r.last_online,
  };
}

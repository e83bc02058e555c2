/** Which hosts run mirrors: the runtime and schedule of each AppContext (several hosts share a process in tests). */
import type { AppContext } from '../context.ts';
import type { MirrorHost } from './pull-sync.ts';

/** What a running host's mirror side offers the rest of the service layer. */
export interface RunningMirrors {
  host: MirrorHost;
  requestPull(mirrorId: number): void;
  requestPush(pushMirrorId: number): void;
}

const running = new WeakMap<AppContext, RunningMirrors>();

/** Records (or, with null, forgets) the running mirrors of `app`. */
export function register(app: AppContext, r: RunningMirrors | null): void {
  if (r) running.set(app, r);
  else running.delete(app);
}

/** The running mirrors of `app`; undefined when not started (a CLI context, or a stopped host). */
export const runningOf = (app: AppContext): RunningMirrors | undefined => running.get(app);

/** The mirror host of `app`, or an error when mirrors are not running. */
export function mirrorHostOf(app: AppContext): MirrorHost {
  const r = running.get(app);
  if (!r) throw new Error('mirrors are not running on this host');
  return r.host;
}

/** Whether the signed-in viewer gets notified about an issue, with the toggle (Gitea's subscribe button). */
import type { WatchInfo } from '../../../api/types.ts';
import { useAuth } from '../../../auth.tsx';
import { seg } from '../../../api/client.ts';
import { useLoad } from '../../../use-load.ts';

type Act = (what: () => Promise<unknown>, failed: string) => Promise<void>;

/** The toggle for the issue (or pull request: `noun`) at API path `path`. */
export function Subscribe({ path, act, noun = 'issue' }: { path: string; act: Act; noun?: string }) {
  const { api, state } = useAuth();
  const me = state.kind === 'signed-in' ? state.user.login : null;
  const info = useLoad(() => (me ? api.get<WatchInfo>(`${path}/subscriptions/check`) : Promise.resolve(null)), `${path}|subscription|${me ?? ''}`);
  if (!me) return null;
  const on = info.data?.subscribed ?? false;
  const flip = () => act(() => api.request(on ? 'DELETE' : 'PUT', `${path}/subscriptions/${seg(me)}`).then(() => info.reload()), on ? 'You were not unsubscribed' : 'You were not subscribed');
  return (
    <>
      <h3>Notifications</h3>
      <p className="muted" role="status">{info.data ? (on ? `You are subscribed to this ${noun}.` : `You are not subscribed to this ${noun}.`) : ' '}</p>
      <button type="button" className="btn btn-small" disabled={!info.data} onClick={() => void flip()}>{on ? 'Unsubscribe' : 'Subscribe'}</button>
    </>
  );
}

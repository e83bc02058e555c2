/** The signed-in user's notification threads (Gitea's /notifications): unread and pinned, or read; mark read, unread, pin, mark all read. */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorText } from '../api/client.ts';
import type { NotificationThread } from '../api/types.ts';
import { useAuth } from '../auth.tsx';
import { ErrorAlert } from '../components/Alert.tsx';
import { Page } from '../components/Layout.tsx';
import { Pager } from '../components/Pager.tsx';
import { UNREAD_KEY } from '../components/NotificationLink.tsx';
import { Link, useRouter } from '../router.tsx';
import { useList } from '../use-list.ts';

/** The path of a subject's web address on this host (the SPA opens it), or the address itself when it is elsewhere. */
function pathOf(url: string): string {
  try {
    const u = new URL(url, window.location.origin);
    return u.origin === window.location.origin ? u.pathname + u.hash : url;
  } catch {
    return url;
  }
}

const TYPE_WORD: Record<string, string> = { Issue: 'Issue', Pull: 'Pull request', Commit: 'Commit', Repository: 'Repository', Release: 'Release' };

function ThreadRow({ t, act, busy }: { t: NotificationThread; act: (t: NotificationThread, to: string) => void; busy: boolean }) {
  const state = t.subject.state ? <span className="badge badge-muted">{t.subject.state}</span> : null;
  return (
    <li className="notification-item" data-unread={t.unread}>
      <div>
        <span className="muted">{t.repository.full_name} · {TYPE_WORD[t.subject.type] ?? t.subject.type}</span> {state}
        {t.pinned ? <span className="badge">pinned</span> : null}
        <div>{t.subject.html_url ? <Link to={pathOf(t.subject.html_url)}>{t.subject.title}</Link> : <span>{t.subject.title || '(deleted)'}</span>}</div>
      </div>
      <div className="notification-actions">
        {t.unread || t.pinned
          ? <button type="button" className="btn btn-small" disabled={busy} onClick={() => act(t, 'read')}>Mark read</button>
          : <button type="button" className="btn btn-small" disabled={busy} onClick={() => act(t, 'unread')}>Mark unread</button>}
        {t.pinned ? null : <button type="button" className="btn btn-small" disabled={busy} onClick={() => act(t, 'pinned')}>Pin</button>}
      </div>
    </li>
  );
}

/** `/notifications` (unread and pinned) and `/notifications?q=read`. */
export function NotificationsPage() {
  const { api } = useAuth();
  const client = useQueryClient();
  const { search } = useRouter();
  const read = search.get('q') === 'read';
  const list = useList<NotificationThread>('/api/v1/notifications', read ? { 'status-types': 'read' } : {});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      list.reload();
      await client.invalidateQueries({ queryKey: UNREAD_KEY });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const act = (t: NotificationThread, to: string) => void run(() => api.request('PATCH', `/api/v1/notifications/threads/${t.id}`, { query: { 'to-status': to } }));
  const markAll = () => void run(() => api.request('PUT', '/api/v1/notifications'));
  return (
    <Page title="Notifications" actions={read ? null : <button type="button" className="btn" disabled={busy || !list.items?.some((t) => t.unread)} onClick={markAll}>Mark all read</button>}>
      <nav aria-label="Notification lists" className="subnav">
        <ul>
          <li><Link to="/notifications" className={read ? undefined : 'active'}>Unread</Link></li>
          <li><Link to="/notifications?q=read" className={read ? 'active' : undefined}>Read</Link></li>
        </ul>
      </nav>
      <ErrorAlert>{list.error ?? error}</ErrorAlert>
      {list.items?.length === 0 ? <p className="muted notification-empty">{read ? 'No read notifications.' : 'You have no unread notifications.'}</p> : null}
      {list.items?.length ? (
        <ul className="notification-list" aria-label={read ? 'Read notifications' : 'Unread notifications'} aria-busy={list.fetching || busy}>
          {list.items.map((t) => <ThreadRow key={t.id} t={t} act={act} busy={busy} />)}
        </ul>
      ) : null}
      <Pager list={list} noun="notifications" label="Notification pages" />
    </Page>
  );
}

/** The header's link to /notifications with the unread count (Gitea's bell), refreshed every half minute. */
import { useQuery } from '@tanstack/react-query';
import { Link } from '../router.tsx';
import { useAuth } from '../auth.tsx';
import type { NotificationCount } from '../api/types.ts';

/** The react-query key of the unread count: the notifications page refreshes it after marking threads. */
export const UNREAD_KEY = ['notifications', 'new'];

/** "Notifications" with the number of unread threads, for a signed-in user. */
export function NotificationLink() {
  const { api } = useAuth();
  const q = useQuery({ queryKey: UNREAD_KEY, queryFn: () => api.get<NotificationCount>('/api/v1/notifications/new'), refetchInterval: 30_000 });
  const n = q.data?.new ?? 0;
  return (
    <Link to="/notifications" className="notification-link" aria-label={n ? `Notifications, ${n} unread` : 'Notifications'}>
      Notifications{n ? <span className="badge notification-count" data-testid="notification-count">{n}</span> : null}
    </Link>
  );
}

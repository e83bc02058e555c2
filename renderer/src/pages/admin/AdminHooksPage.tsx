/** Site administration: system webhooks (every repository's events) and default webhooks (copied into new repositories). */
import { Page } from '../../components/Layout.tsx';
import { HookDetail } from '../hooks/HookDetail.tsx';
import { HookList } from '../hooks/HookList.tsx';
import { AdminNav } from '../admin-nav.tsx';

/** `kind` is "system" or "default". */
export function AdminHooksPage({ kind }: { kind: 'system' | 'default' }) {
  const system = kind === 'system';
  return (
    <Page title={system ? 'System webhooks' : 'Default webhooks'}>
      <AdminNav />
      <p className="lead">{system ? 'A system webhook receives the events of every repository on this host.' : 'A default webhook is copied into each repository created from now on; existing repositories keep theirs.'}</p>
      <HookList apiBase="/api/v1/admin/hooks" uiBase={`/-/admin/hooks/${kind}`} query={{ type: kind }} extraConfig={{ is_system_webhook: String(system) }}
        scopeWords={system ? 'the events of every repository' : 'the events of each new repository'} />
    </Page>
  );
}

/** One system or default webhook. */
export function AdminHookPage({ kind, id }: { kind: string; id: string }) {
  return (
    <Page title="Webhook">
      <AdminNav />
      <HookDetail apiPath={`/api/v1/admin/hooks/${encodeURIComponent(id)}`} listPath={`/-/admin/hooks/${kind === 'default' ? 'default' : 'system'}`} />
    </Page>
  );
}

/**
 * The combined commit status of a commit as a small icon (Gitea's commit status icon): the worst state of the latest
 * status of each context, linking to the target of the status that decided it. Nothing when the commit has no status.
 */
import type { CombinedStatus } from '../../api/types.ts';
import { seg } from '../../api/client.ts';
import { useAuth } from '../../auth.tsx';
import { useLoad } from '../../use-load.ts';
import { useRepo } from './repo-context.tsx';

const ICONS: Record<string, { icon: string; words: string }> = {
  success: { icon: '✓', words: 'checks passed' },
  pending: { icon: '●', words: 'checks pending' },
  warning: { icon: '!', words: 'checks warned' },
  failure: { icon: '✗', words: 'checks failed' },
  error: { icon: '✗', words: 'checks errored' },
  skipped: { icon: '–', words: 'checks skipped' },
};

/** The icon of `sha`'s combined status. */
export function StatusIcon({ sha }: { sha: string }) {
  const { api } = useAuth();
  const { api: base } = useRepo();
  const path = `${base}/commits/${seg(sha)}/status`;
  const combined = useLoad(() => api.get<CombinedStatus>(path), path);
  const c = combined.data;
  if (!c || c.total_count === 0) return null;
  const look = ICONS[c.state] ?? ICONS.pending!;
  const decided = c.statuses.find((s) => s.status === c.state && s.target_url) ?? c.statuses.find((s) => s.target_url);
  const title = c.statuses.map((s) => `${s.context}: ${s.status}${s.description ? ` (${s.description})` : ''}`).join('\n');
  const label = `${look.words}: ${c.statuses.map((s) => `${s.context} ${s.status}`).join(', ')}`;
  const icon = <span className={`status-icon status-${c.state}`} aria-hidden="true">{look.icon}</span>;
  return decided?.target_url
    ? <a className="status-link" href={decided.target_url} target="_blank" rel="noopener noreferrer" title={title} aria-label={label} data-status={c.state}>{icon}</a>
    : <span className="status-link" title={title} role="img" aria-label={label} data-status={c.state}>{icon}</span>;
}

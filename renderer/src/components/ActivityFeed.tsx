/**
 * An activity feed (GET .../activities/feeds): one line per action in Gitea's words ("alice opened issue
 * alice/proj#3"), with the pushed commits' subjects and a comment's first line as plain text (React escapes it).
 */
import type { ReactNode } from 'react';
import { seg } from '../api/client.ts';
import type { Activity } from '../api/types.ts';
import { Link } from '../router.tsx';
import { useList } from '../use-list.ts';
import { ErrorAlert } from './Alert.tsx';
import { Avatar } from './Avatar.tsx';
import { Pager } from './Pager.tsx';
import { When } from './When.tsx';

interface PushContent { Commits?: { Sha1: string; Message: string }[]; Len?: number }

const short = (ref: string): string => ref.replace(/^refs\/(heads|tags)\//, '');

/** Gitea's `index|text` content of issue actions. */
function issueParts(content: string): { index: string; text: string } {
  const bar = content.indexOf('|');
  return bar < 0 ? { index: content, text: '' } : { index: content.slice(0, bar), text: content.slice(bar + 1) };
}

function pushed(content: string): PushContent {
  try {
    return JSON.parse(content) as PushContent;
  } catch {
    return {};
  }
}

/** What happened, as a sentence with links; `repo` links the repository, `at` its page. */
function sentence(a: Activity): ReactNode {
  const base = `/${seg(a.repo.owner.login)}/${seg(a.repo.name)}`;
  const repo = <Link to={base}>{a.repo.full_name}</Link>;
  const ref = short(a.ref_name);
  const branch = <Link to={`${base}/src/branch/${ref.split('/').map(seg).join('/')}`}>{ref}</Link>;
  const { index, text } = issueParts(a.content);
  const issue = (kind: 'issues' | 'pulls') => <Link to={`${base}/${kind}/${seg(index)}`}>{a.repo.full_name}#{index}</Link>;
  switch (a.op_type) {
    case 'create_repo': return <>created repository {repo}</>;
    case 'rename_repo': return <>renamed repository from {a.content} to {repo}</>;
    case 'transfer_repo': return <>transferred repository {a.content} to {repo}</>;
    case 'commit_repo': return a.content ? <>pushed to {branch} at {repo}</> : <>created branch {branch} in {repo}</>;
    case 'push_tag': return <>pushed tag <Link to={`${base}/src/tag/${seg(ref)}`}>{ref}</Link> to {repo}</>;
    case 'delete_tag': return <>deleted tag {ref} from {repo}</>;
    case 'delete_branch': return <>deleted branch {ref} from {repo}</>;
    case 'create_issue': return <>opened issue {issue('issues')}</>;
    case 'close_issue': return <>closed issue {issue('issues')}</>;
    case 'reopen_issue': return <>reopened issue {issue('issues')}</>;
    case 'comment_issue': return <>commented on issue {issue('issues')}</>;
    case 'create_pull_request': return <>opened pull request {issue('pulls')}</>;
    case 'close_pull_request': return <>closed pull request {issue('pulls')}</>;
    case 'reopen_pull_request': return <>reopened pull request {issue('pulls')}</>;
    case 'merge_pull_request': return <>merged pull request {issue('pulls')}</>;
    case 'comment_pull': return <>commented on pull request {issue('pulls')}</>;
    case 'approve_pull_request': return <>approved {issue('pulls')}</>;
    case 'reject_pull_request': return <>suggested changes for {issue('pulls')}</>;
    case 'publish_release': return <>released <Link to={`${base}/releases/tag/${seg(a.ref_name)}`}>{a.content || a.ref_name}</Link> at {repo}</>;
    case 'mirror_sync_push': return <>synced commits to {branch} at {repo} from its mirror</>;
    case 'mirror_sync_create': return <>synced new reference {ref} to {repo} from its mirror</>;
    case 'mirror_sync_delete': return <>synced and deleted reference {ref} at {repo} from its mirror</>;
    default: return <>{a.op_type.replace(/_/g, ' ')} in {repo}{text ? `: ${text}` : ''}</>;
  }
}

/** The extra line under an action: the pushed commits, an issue's title or a comment's first line. */
function detail(a: Activity): ReactNode {
  if ((a.op_type === 'commit_repo' || a.op_type === 'mirror_sync_push') && a.content) {
    const c = pushed(a.content);
    const base = `/${seg(a.repo.owner.login)}/${seg(a.repo.name)}`;
    if (!c.Commits?.length) return null;
    return (
      <ul className="plain-list activity-commits">
        {c.Commits.map((x) => (
          <li key={x.Sha1}><Link to={`${base}/commit/${seg(x.Sha1)}`}><code>{x.Sha1.slice(0, 10)}</code></Link> {x.Message.split('\n')[0]}</li>
        ))}
        {c.Len && c.Len > c.Commits.length ? <li className="muted">and {c.Len - c.Commits.length} more</li> : null}
      </ul>
    );
  }
  const { text } = issueParts(a.content);
  return /issue|pull_request|comment_pull/.test(a.op_type) && text ? <p className="muted activity-text">{text.split('\n')[0]}</p> : null;
}

/** One page of the feed at `path` (an API path), paged through `?{pageParam}=`. */
export function ActivityFeed({ path, label, pageParam = 'activity_page', limit = 10, empty }: { path: string; label: string; pageParam?: string; limit?: number; empty: string }) {
  const list = useList<Activity>(path, {}, { pageParam, limit });
  return (
    <>
      <ErrorAlert>{list.error}</ErrorAlert>
      {!list.items && !list.error ? <p role="status" className="loading">Loading activity…</p> : null}
      {list.items?.length === 0 ? <p className="muted">{empty}</p> : null}
      {list.items?.length ? (
        <ul className="plain-list activity-feed" aria-label={label} aria-busy={list.fetching}>
          {list.items.map((a) => (
            <li key={a.id} className="activity-item">
              <Avatar url={a.act_user.avatar_url} size={20} alt="" />{' '}
              <Link to={`/${seg(a.act_user.login)}`}>{a.act_user.login}</Link> {sentence(a)}
              {a.is_private ? <span className="badge badge-muted badge-gap">private</span> : null}
              <span className="muted"> <When iso={a.created} /></span>
              {detail(a)}
            </li>
          ))}
        </ul>
      ) : null}
      {list.items?.length || list.page > 1 ? <Pager list={list} label={`${label} pager`} /> : null}
    </>
  );
}

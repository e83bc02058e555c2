/** One event of an issue's timeline in words (Gitea's timeline items): labels, milestones, assignees, state, references. */
import type { TimelineComment } from '../../../api/types.ts';
import { When } from '../../../components/When.tsx';
import { Link } from '../../../router.tsx';

const pathOf = (url: string) => { try { return new URL(url).pathname; } catch { return url; } };

const unescape = (s: string) => s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))).replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');

/** A `commit_ref` event's link and commit summary (the host stores Gitea's `<a href="/o/r/commit/sha">summary</a>`). */
function commitLink(e: TimelineComment): { to: string; summary: string } {
  const m = /^<a href="([^"]*)">([\s\S]*)<\/a>$/.exec(e.body);
  const repoPath = pathOf(e.issue_url).replace(/\/issues\/\d+$/, '');
  return m ? { to: unescape(m[1] ?? ''), summary: unescape(m[2] ?? '') } : { to: `${repoPath}/commit/${e.ref_commit_sha}`, summary: '' };
}

/** The commit that closed or reopened the issue, linked where its `commit_ref` event points (else this repository). */
function byCommit(e: TimelineComment, all: TimelineComment[]) {
  if (!e.ref_commit_sha) return null;
  const ref = all.find((c) => c.type === 'commit_ref' && c.ref_commit_sha === e.ref_commit_sha);
  const to = ref ? commitLink(ref).to : commitLink({ ...e, body: '' }).to;
  return <> in commit <Link to={to}><code>{e.ref_commit_sha.slice(0, 10)}</code></Link></>;
}

function words(e: TimelineComment, all: TimelineComment[]) {
  switch (e.type) {
    case 'label': return <>{e.body ? 'added' : 'removed'} the label <strong>{e.label?.name}</strong></>;
    case 'milestone': return e.milestone ? <>added this to the <strong>{e.milestone.title}</strong> milestone</> : <>removed this from the <strong>{e.old_milestone?.title ?? 'a'}</strong> milestone</>;
    case 'assignees': return e.removed_assignee ? <>unassigned <strong>{e.assignee?.login}</strong></> : <>assigned <strong>{e.assignee?.login}</strong></>;
    case 'change_title': return <>changed the title from <del>{e.old_title}</del> to <strong>{e.new_title}</strong></>;
    case 'close': return <>closed this issue{byCommit(e, all)}</>;
    case 'reopen': return <>reopened this issue{byCommit(e, all)}</>;
    case 'commit_ref': {
      const l = commitLink(e);
      return <>referenced this issue from a commit <Link to={l.to}><code>{e.ref_commit_sha.slice(0, 10)}</code> {l.summary}</Link></>;
    }
    case 'pin': return <>pinned this issue</>;
    case 'unpin': return <>unpinned this issue</>;
    case 'lock': return <>locked the conversation{e.body ? <> ({e.body})</> : null}</>;
    case 'unlock': return <>unlocked the conversation</>;
    case 'added_deadline': return <>set the due date to {e.body}</>;
    case 'modified_deadline': return <>changed the due date to {e.body.split('|')[0]}</>;
    case 'removed_deadline': return <>removed the due date</>;
    case 'add_dependency':
    case 'remove_dependency': {
      const d = e.dependent_issue;
      const target = d ? <Link to={pathOf(d.html_url)}>{d.repository.full_name}#{d.number}</Link> : 'an issue';
      return <>{e.type === 'add_dependency' ? 'added a dependency with' : 'removed the dependency with'} {target}</>;
    }
    case 'issue_ref':
    case 'pull_ref':
    case 'comment_ref': {
      const r = e.ref_issue;
      const verb = e.ref_action === 'closes' ? 'will close this issue from' : e.ref_action === 'reopens' ? 'will reopen this issue from' : 'referenced this issue from';
      const shown = e.ref_action === 'neutered' ? <del>{r?.repository.full_name}#{r?.number} {r?.title}</del> : <>{r?.repository.full_name}#{r?.number} {r?.title}</>;
      return r ? <>{verb} <Link to={pathOf(e.ref_comment?.html_url ?? r.html_url)}>{shown}</Link></> : <>referenced this issue</>;
    }
    default: return <>{e.type.replace(/_/g, ' ')}</>;
  }
}

/** The event as one line: who, what, when. */
export function TimelineEvent({ e, all = [] }: { e: TimelineComment; all?: TimelineComment[] | undefined }) {
  return (
    <p className="timeline-event muted" data-type={e.type}>
      <strong>{e.user.login}</strong> {words(e, all)} <When iso={e.created_at} />
    </p>
  );
}

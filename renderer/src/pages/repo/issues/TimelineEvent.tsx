/** One event of an issue's timeline in words (Gitea's timeline items): labels, milestones, assignees, state, references. */
import type { TimelineComment } from '../../../api/types.ts';
import { When } from '../../../components/When.tsx';
import { Link } from '../../../router.tsx';

const pathOf = (url: string) => { try { return new URL(url).pathname; } catch { return url; } };

function words(e: TimelineComment) {
  switch (e.type) {
    case 'label': return <>{e.body ? 'added' : 'removed'} the label <strong>{e.label?.name}</strong></>;
    case 'milestone': return e.milestone ? <>added this to the <strong>{e.milestone.title}</strong> milestone</> : <>removed this from the <strong>{e.old_milestone?.title ?? 'a'}</strong> milestone</>;
    case 'assignees': return e.removed_assignee ? <>unassigned <strong>{e.assignee?.login}</strong></> : <>assigned <strong>{e.assignee?.login}</strong></>;
    case 'change_title': return <>changed the title from <del>{e.old_title}</del> to <strong>{e.new_title}</strong></>;
    case 'close': return <>closed this issue</>;
    case 'reopen': return <>reopened this issue</>;
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
    case 'comment_ref': {
      const r = e.ref_issue;
      return r ? <>referenced this issue from <Link to={pathOf(e.ref_comment?.html_url ?? r.html_url)}>{r.repository.full_name}#{r.number} {r.title}</Link></> : <>referenced this issue</>;
    }
    default: return <>{e.type.replace(/_/g, ' ')}</>;
  }
}

/** The event as one line: who, what, when. */
export function TimelineEvent({ e }: { e: TimelineComment }) {
  return (
    <p className="timeline-event muted" data-type={e.type}>
      <strong>{e.user.login}</strong> {words(e)} <When iso={e.created_at} />
    </p>
  );
}

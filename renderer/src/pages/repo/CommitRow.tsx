/** One commit in a list: subject, more of the message, author and time, the short id linking to its page. */
import type { Commit } from '../../api/types.ts';
import { When } from '../../components/When.tsx';
import { Link } from '../../router.tsx';
import { commitHref, useRepo } from './repo-context.tsx';
import { StatusIcon } from './StatusIcon.tsx';

/** A commit as a list item. */
export function CommitRow({ c }: { c: Commit }) {
  const { base } = useRepo();
  const [subject, ...rest] = c.commit.message.trim().split('\n');
  const body = rest.join('\n').trim();
  return (
    <li className="commit">
      <div className="commit-main">
        <Link to={commitHref(base, c.sha)} className="commit-subject">{subject}</Link> <StatusIcon sha={c.sha} />
        {body ? <details><summary>More</summary><pre className="commit-body">{body}</pre></details> : null}
        <span className="muted commit-meta">{c.commit.author.name} committed <When iso={c.commit.author.date} /></span>
      </div>
      <Link to={commitHref(base, c.sha)} className="commit-sha" title={c.sha}><code>{c.sha.slice(0, 10)}</code></Link>
    </li>
  );
}

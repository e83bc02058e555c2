/** Users or organizations as rows: the name (a link to the profile), full name, a badge, the description, when they joined. */
import { seg } from '../../api/client.ts';
import { When } from '../../components/When.tsx';
import { Link } from '../../router.tsx';

/** One row's facts, taken from a `User` or an `Organization`. */
export interface OwnerSummary { id: number; name: string; fullName: string; description: string; badge?: string | undefined; joined?: string | undefined }

/** The list of `owners`, named `label` for screen readers; `busy` while the next page loads. */
export function OwnerList({ owners, label, busy }: { owners: OwnerSummary[]; label: string; busy: boolean }) {
  return (
    <ul className="repo-rows card" aria-label={label} aria-busy={busy}>
      {owners.map((o) => (
        <li key={o.id} className="repo-row">
          <div className="repo-row-main">
            <Link to={`/${seg(o.name)}`} className="repo-name">{o.name}</Link>
            {o.fullName && o.fullName !== o.name ? <span>{o.fullName}</span> : null}
            {o.badge ? <span className="badge badge-muted">{o.badge}</span> : null}
            {o.description ? <span className="muted repo-desc"> {o.description}</span> : null}
          </div>
          {o.joined ? <span className="muted repo-when">joined <When iso={o.joined} /></span> : null}
        </li>
      ))}
    </ul>
  );
}

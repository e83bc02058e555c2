/** The Fork button of the repository header, with the number of forks: for signed-in users, to the Fork page. */
import type { Repository } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { Link } from '../../router.tsx';
import { repoPaths } from './repo-context.tsx';

export function ForkButton({ repo }: { repo: Repository }) {
  const { state } = useAuth();
  // An empty repository has nothing to fork (the host refuses it); signed-out viewers see the count only.
  const mayFork = state.kind === 'signed-in' && !repo.empty;
  return (
    <span className="repo-action">
      {mayFork ? <Link to={`${repoPaths(repo.owner.login, repo.name).base}/fork`} className="btn btn-small">Fork</Link> : null}
      <span className="repo-action-count">{repo.forks_count}<span className={mayFork ? 'visually-hidden' : undefined}> {repo.forks_count === 1 ? 'fork' : 'forks'}</span></span>
    </span>
  );
}

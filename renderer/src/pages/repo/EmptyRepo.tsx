/** What to do with a repository that has no commits yet. */
import { useRepo } from './repo-context.tsx';

/** Push instructions for an empty repository. */
export function EmptyRepo() {
  const { repo } = useRepo();
  const branch = repo.default_branch || 'main';
  const sha256 = repo.object_format_name === 'sha256' ? ' --object-format=sha256' : '';
  return (
    <section className="card empty-state" aria-labelledby="empty-repo">
      <h2 id="empty-repo">This repository is empty</h2>
      <p>Push an existing project to it:</p>
      <pre><code>{`git remote add origin ${repo.clone_url}\ngit push -u origin ${branch}`}</code></pre>
      <p>Or start a new one:</p>
      <pre><code>{`git init${sha256} -b ${branch} ${repo.name}\ncd ${repo.name}\ngit commit --allow-empty -m "First commit"\ngit remote add origin ${repo.clone_url}\ngit push -u origin ${branch}`}</code></pre>
    </section>
  );
}

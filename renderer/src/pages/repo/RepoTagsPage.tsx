/** `/{owner}/{repo}/tags`: the tags, paged. */
import type { Tag } from '../../api/types.ts';
import { ErrorAlert } from '../../components/Alert.tsx';
import { Pager } from '../../components/Pager.tsx';
import { useList } from '../../use-list.ts';
import { EmptyRepo } from './EmptyRepo.tsx';
import { RefTable } from './RefTable.tsx';
import { useRepo } from './repo-context.tsx';

/** The Tags tab. */
export function RepoTagsPage() {
  const { repo, api: base } = useRepo();
  const tags = useList<Tag>(`${base}/tags`, {}, { enabled: !repo.empty });
  if (repo.empty) return <EmptyRepo />;
  return (
    <section aria-labelledby="tags-title" className="section">
      <h2 id="tags-title">Tags</h2>
      <ErrorAlert>{tags.error}</ErrorAlert>
      {!tags.items && !tags.error ? <p role="status" className="loading">Loading tags…</p> : null}
      {tags.items ? <RefTable caption="Tags" kind="tag" rows={tags.items.map((t) => ({ name: t.name, sha: t.commit.sha, when: t.commit.created }))} /> : null}
      {tags.items?.length === 0 && tags.page === 1 ? <p className="hint">Create one with <code>git tag v1.0 &amp;&amp; git push origin v1.0</code>.</p> : null}
      {tags.items ? <Pager list={tags} noun="tags" /> : null}
    </section>
  );
}

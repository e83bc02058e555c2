/** `/{owner}/{repo}/branches`: the branches, paged, each with its commit and links to its files and history. */
import type { Branch } from '../../api/types.ts';
import { ErrorAlert } from '../../components/Alert.tsx';
import { Pager } from '../../components/Pager.tsx';
import { useList } from '../../use-list.ts';
import { EmptyRepo } from './EmptyRepo.tsx';
import { RefTable } from './RefTable.tsx';
import { useRepo } from './repo-context.tsx';

/** The Branches tab. */
export function RepoBranchesPage() {
  const { repo, api: base } = useRepo();
  const branches = useList<Branch>(`${base}/branches`, {}, { enabled: !repo.empty });
  if (repo.empty) return <EmptyRepo />;
  return (
    <section aria-labelledby="branches-title" className="section">
      <h2 id="branches-title">Branches</h2>
      <ErrorAlert>{branches.error}</ErrorAlert>
      {!branches.items && !branches.error ? <p role="status" className="loading">Loading branches…</p> : null}
      {branches.items ? <RefTable caption="Branches" kind="branch" rows={branches.items.map((b) => ({ name: b.name, sha: b.commit.id, when: b.commit.timestamp, ...(b.name === repo.default_branch ? { extra: 'default' } : {}) }))} /> : null}
      {branches.items ? <Pager list={branches} noun="branches" /> : null}
    </section>
  );
}

/** `/{owner}/-/packages`: an owner's package versions, newest first, filtered by type and name, paged. */
import { useSearchParams } from 'react-router';
import { seg } from '../../api/client.ts';
import type { Package } from '../../api/types.ts';
import { ErrorAlert } from '../../components/Alert.tsx';
import { Page } from '../../components/Layout.tsx';
import { Pager } from '../../components/Pager.tsx';
import { When } from '../../components/When.tsx';
import { Link } from '../../router.tsx';
import { useList } from '../../use-list.ts';

/** The address of a package version's page. */
export const packagePath = (p: Pick<Package, 'owner' | 'type' | 'name' | 'version'>): string =>
  `/${seg(p.owner.login)}/-/packages/${seg(p.type)}/${seg(p.name)}/${seg(p.version)}`;

/** The package list of `owner`. */
export function PackagesPage({ owner }: { owner: string }) {
  const [params, setParams] = useSearchParams();
  const type = params.get('type') ?? '';
  const q = params.get('q') ?? '';
  const list = useList<Package>(`/api/v1/packages/${seg(owner)}`, { type: type || undefined, q: q || undefined });
  const set = (k: string, v: string) => {
    const next = new URLSearchParams(params);
    if (v) next.set(k, v);
    else next.delete(k);
    next.delete('page');
    setParams(next);
  };
  return (
    <Page title={`Packages of ${owner}`} heading={<>Packages of <Link to={`/${seg(owner)}`}>{owner}</Link></>}>
      <form className="files-bar" role="search" onSubmit={(e) => { e.preventDefault(); set('q', String(new FormData(e.currentTarget).get('q') ?? '')); }}>
        <label>Type{' '}
          <select value={type} onChange={(e) => set('type', e.target.value)}>
            <option value="">All</option>
            <option value="generic">generic</option>
            <option value="npm">npm</option>
          </select>
        </label>
        <label>Name{' '}<input name="q" defaultValue={q} /></label>
        <button type="submit" className="btn btn-small">Search</button>
      </form>
      <ErrorAlert>{list.error && /not found|does not exist/i.test(list.error) ? `There is no user or organization called ${owner} that you can see.` : list.error}</ErrorAlert>
      {list.items?.length === 0 ? <p className="muted">No packages{q || type ? ' match' : ' yet'}.</p> : null}
      {list.items?.length ? (
        <ul className="repo-rows card" aria-label={`Packages of ${owner}`}>
          {list.items.map((p) => (
            <li key={p.id} className="repo-row">
              <div className="repo-row-main">
                <Link to={packagePath(p)} className="repo-name">{p.name}</Link>{' '}
                <span className="badge badge-muted">{p.type}</span>{' '}
                <span>{p.version}</span>
              </div>
              <span className="muted repo-when">published <When iso={p.created_at} /> by {p.creator.login}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {list.items?.length || list.page > 1 ? <Pager list={list} noun="versions" /> : null}
    </Page>
  );
}

/** What every explore tab shows around its list: the tabs, the search box bound to `?q=`, the count or the empty state in words, the pager. */
import type { ReactNode } from 'react';
import { ErrorAlert } from '../../components/Alert.tsx';
import { Page, SubNav } from '../../components/Layout.tsx';
import { Pager, counted } from '../../components/Pager.tsx';
import { SearchForm } from '../../components/SearchForm.tsx';
import { useUrlFilters } from '../../router.tsx';
import type { ListPage } from '../../use-list.ts';

const TABS = [
  { to: '/explore/repos', text: 'Repositories' },
  { to: '/explore/users', text: 'Users' },
  { to: '/explore/organizations', text: 'Organizations' },
];

/** The line above the list: how many were found, or why there is nothing to show. */
function summary(list: ListPage<unknown>, one: string, many: string, q: string): string {
  if (list.items?.length) return `${counted(list.total, many)}${q ? ` matching “${q}”` : ''}`;
  if (list.page > 1) return `Page ${list.page} is past the end of the list.`;
  return q ? `No ${one} matches “${q}”.` : `There are no ${many} you can see.`;
}

/** An explore tab listing `many` (one of them: `one`); `controls` go beside the search box, `children` are the rows. */
export function ExploreFrame({ one, many, list, controls, children }: { one: string; many: string; list: ListPage<unknown>; controls?: ReactNode; children: ReactNode }) {
  const { params, set } = useUrlFilters();
  const q = params.get('q') ?? '';
  const title = `Explore ${many}`;
  return (
    <Page title={title}>
      <SubNav label="Explore" items={TABS} />
      <SearchForm key={q} label={title} prompt={`Search ${many}`} value={q} onSearch={(words) => set('q', words)}>{controls}</SearchForm>
      <ErrorAlert>{list.error}</ErrorAlert>
      {!list.items && !list.error ? <p className="loading" role="status">Loading {many}…</p> : null}
      {list.items ? <p className="muted" role="status">{summary(list, one, many, q)}</p> : null}
      {list.items?.length ? children : null}
      {list.items ? <Pager list={list} /> : null}
    </Page>
  );
}

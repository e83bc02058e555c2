/** `/explore/organizations`: the organizations the viewer may see (GET /orgs), searched by name and full name, paged. */
import type { Organization } from '../../api/types.ts';
import { useUrlFilters } from '../../router.tsx';
import { useList } from '../../use-list.ts';
import { ExploreFrame } from './ExploreFrame.tsx';
import { OwnerList } from './OwnerList.tsx';

/** Lists organizations: `?q=`, `?page=`; limited and private ones carry their visibility as a badge. */
export function ExploreOrgsPage() {
  const { params } = useUrlFilters();
  const orgs = useList<Organization>('/api/v1/orgs', { q: params.get('q') ?? '' });
  const owners = (orgs.items ?? []).map((o) => ({
    id: o.id, name: o.username || o.name, fullName: o.full_name, description: o.description, badge: o.visibility === 'public' ? undefined : o.visibility,
  }));
  return (
    <ExploreFrame one="organization" many="organizations" list={orgs}>
      <OwnerList owners={owners} label="Organizations" busy={orgs.fetching} />
    </ExploreFrame>
  );
}

/** `/explore/users`: the users the viewer may see (GET /users/search), searched by name and full name, paged. */
import type { User } from '../../api/types.ts';
import { useUrlFilters } from '../../router.tsx';
import { searchData, useList } from '../../use-list.ts';
import { ExploreFrame } from './ExploreFrame.tsx';
import { OwnerList } from './OwnerList.tsx';

/** Lists users: `?q=`, `?page=`. */
export function ExploreUsersPage() {
  const { params } = useUrlFilters();
  const users = useList<User>('/api/v1/users/search', { q: params.get('q') ?? '' }, { unwrap: searchData });
  const owners = (users.items ?? []).map((u) => ({ id: u.id, name: u.login, fullName: u.full_name, description: u.description, joined: u.created }));
  return (
    <ExploreFrame one="user" many="users" list={users}>
      <OwnerList owners={owners} label="Users" busy={users.fetching} />
    </ExploreFrame>
  );
}

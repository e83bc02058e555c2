/** The users a repository offers for a role, as suggestions for a name field (`<input list={id}>`). */
import type { User } from '../../../api/types.ts';
import { useAuth } from '../../../auth.tsx';
import { useLoad } from '../../../use-load.ts';
import { useRepo } from '../repo-context.tsx';

/** `role`: `assignees` (who can write issues) or `reviewers` (who can be asked to review), from the API of that name. */
export function PeopleList({ id, role }: { id: string; role: 'assignees' | 'reviewers' }) {
  const { api } = useAuth();
  const { api: base } = useRepo();
  const people = useLoad(() => api.get<User[]>(`${base}/${role}`), `${base}|${role}`);
  return <datalist id={id}>{people.data?.map((u) => <option key={u.id} value={u.login}>{u.full_name || u.login}</option>)}</datalist>;
}

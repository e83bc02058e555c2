/** The owner of a repository to create or import: the signed-in user, or an organization where they may create repositories. */
import { useUser } from '../auth.tsx';
import { useRepoOwners } from '../use-repo-owners.ts';
import { Select } from './Field.tsx';

/** `error`: a refusal of the chosen owner (shown instead of a failure to load the list). */
export function OwnerSelect({ value, onChange, error: refused }: { value: string; onChange(owner: string): void; error?: string | undefined }) {
  const user = useUser();
  const { owners, error } = useRepoOwners();
  const listed = owners ?? [{ name: user.login, org: false }];
  return (
    <Select label="Owner" name="owner" value={value} onChange={(e) => onChange(e.target.value)}
      error={refused ?? error ?? undefined} hint="You, or an organization where you may create repositories.">
      {listed.map((o) => <option key={o.name} value={o.name}>{o.org ? `${o.name} (organization)` : o.name}</option>)}
      {/* The owner asked for in the address stays chosen while the list loads (and when it is not listed). */}
      {!listed.some((o) => o.name === value) ? <option value={value}>{value}</option> : null}
    </Select>
  );
}

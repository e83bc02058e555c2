/** Chooses the branch or tag a repository page shows. */
import { useId } from 'react';
import type { Branch, Tag } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { useLoad } from '../../use-load.ts';
import { useRepo } from './repo-context.tsx';

/** A labelled select of branches and tags; calls `onChange` with the chosen name. */
export function RefPicker({ value, onChange }: { value: string; onChange(ref: string): void }) {
  const { api } = useAuth();
  const { api: base } = useRepo();
  const id = useId();
  const refs = useLoad(async () => {
    const [branches, tags] = await Promise.all([api.get<Branch[]>(`${base}/branches`, { query: { limit: 100 } }), api.get<Tag[]>(`${base}/tags`, { query: { limit: 100 } })]);
    return { branches: branches.map((b) => b.name), tags: tags.map((t) => t.name) };
  }, base);
  const known = [...(refs.data?.branches ?? []), ...(refs.data?.tags ?? [])];
  return (
    <div className="ref-picker">
      <label htmlFor={id}>Branch or tag</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {known.includes(value) ? null : <option value={value}>{value}</option>}
        {refs.data?.branches.length ? <optgroup label="Branches">{refs.data.branches.map((b) => <option key={`b-${b}`} value={b}>{b}</option>)}</optgroup> : null}
        {refs.data?.tags.length ? <optgroup label="Tags">{refs.data.tags.map((t) => <option key={`t-${t}`} value={t}>{t}</option>)}</optgroup> : null}
      </select>
    </div>
  );
}

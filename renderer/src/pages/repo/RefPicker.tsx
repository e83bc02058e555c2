/** The branches and tags of a repository: a picker, and reading a ref out of a web address. */
import { useId } from 'react';
import type { Branch, Tag } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { useLoad } from '../../use-load.ts';
import { useRepo, type RefKind } from './repo-context.tsx';

/** Branch and tag names (the first 100 of each), cached per repository. */
export function useRefs(): { branches: string[]; tags: string[] } | null {
  const { api } = useAuth();
  const { api: base, repo } = useRepo();
  const refs = useLoad(async () => {
    if (repo.empty) return { branches: [], tags: [] };
    const [branches, tags] = await Promise.all([api.get<Branch[]>(`${base}/branches`, { query: { limit: 100 } }), api.get<Tag[]>(`${base}/tags`, { query: { limit: 100 } })]);
    return { branches: branches.map((b) => b.name), tags: tags.map((t) => t.name) };
  }, `${base}|refs`);
  return refs.data;
}

/**
 * Splits `{ref}/{path}` of a `/src/{kind}/...` address. Branch and tag names may hold slashes, so the longest
 * known name that the address starts with wins (Gitea does the same); a commit is one segment.
 */
export function splitRefPath(kind: RefKind, rest: string, refs: { branches: string[]; tags: string[] } | null): { ref: string; path: string } {
  const parts = rest.split('/').filter(Boolean);
  if (kind !== 'commit' && refs) {
    const names = kind === 'branch' ? refs.branches : refs.tags;
    for (let n = parts.length; n > 1; n--) {
      const candidate = parts.slice(0, n).join('/');
      if (names.includes(candidate)) return { ref: candidate, path: parts.slice(n).join('/') };
    }
  }
  return { ref: parts[0] ?? '', path: parts.slice(1).join('/') };
}

/** A labelled select of branches and tags; calls `onChange` with the chosen name and its kind. */
export function RefPicker({ value, onChange }: { value: string; onChange(ref: string, kind: RefKind): void }) {
  const id = useId();
  const refs = useRefs();
  const known = [...(refs?.branches ?? []), ...(refs?.tags ?? [])];
  const pick = (v: string) => {
    const [kind, name] = [v.slice(0, v.indexOf(':')), v.slice(v.indexOf(':') + 1)];
    onChange(name, kind === 't' ? 'tag' : kind === 'c' ? 'commit' : 'branch');
  };
  const current = refs?.branches.includes(value) ? `b:${value}` : refs?.tags.includes(value) ? `t:${value}` : `c:${value}`;
  return (
    <div className="ref-picker">
      <label htmlFor={id}>Branch or tag</label>
      <select id={id} value={current} onChange={(e) => pick(e.target.value)}>
        {known.includes(value) ? null : <option value={`c:${value}`}>{value}</option>}
        {refs?.branches.length ? <optgroup label="Branches">{refs.branches.map((b) => <option key={`b-${b}`} value={`b:${b}`}>{b}</option>)}</optgroup> : null}
        {refs?.tags.length ? <optgroup label="Tags">{refs.tags.map((t) => <option key={`t-${t}`} value={`t:${t}`}>{t}</option>)}</optgroup> : null}
      </select>
    </div>
  );
}

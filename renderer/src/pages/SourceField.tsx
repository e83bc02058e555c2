/** Picks the LDAP authentication source of an account from the host's configured sources. */
import { useEffect, useState } from 'react';
import type { AuthSource } from '../api/types.ts';
import { useAuth } from '../auth.tsx';
import { Field, Select } from '../components/Field.tsx';

interface Props {
  value: string;
  error?: string | undefined;
  onChange(value: string): void;
}

/** A select of the configured sources; a number field when they cannot be listed. */
export function SourceField({ value, error, onChange }: Props) {
  const { api } = useAuth();
  const [sources, setSources] = useState<AuthSource[] | null>(null);
  useEffect(() => {
    api.get<AuthSource[]>('/api/homeforge/admin/auth-sources', { query: { limit: 50 } }).then(setSources, () => setSources(null));
  }, [api]);
  if (!sources) {
    return (
      <Field label="Authentication source ID" name="source_id" type="number" min={1} required error={error}
        hint="The number of the LDAP source this account signs in through. No password is kept for it."
        value={value} onChange={(e) => onChange(e.target.value)} />
    );
  }
  return (
    <Select label="Authentication source" name="source_id" required error={error} value={value} onChange={(e) => onChange(e.target.value)}
      hint={sources.length ? 'The LDAP directory this account signs in through. No password is kept for it.' : 'No LDAP source is configured on this host yet: add one with `npm run admin -- auth add-ldap`.'}>
      <option value="">Choose a source…</option>
      {sources.map((s) => <option key={s.id} value={String(s.id)}>{s.name} ({s.type}{s.active ? '' : ', inactive'})</option>)}
    </Select>
  );
}

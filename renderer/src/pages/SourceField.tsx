/** Picks the LDAP authentication source of an account from the host's configured sources. */
import { useEffect, useState, type ChangeEventHandler, type FocusEventHandler, type Ref } from 'react';
import type { AuthSource } from '../api/types.ts';
import { useAuth } from '../auth.tsx';
import { Field, Select } from '../components/Field.tsx';

/** What a form's `field('source_id')` gives: the registered name, handlers and ref, and the field's error. */
interface Props {
  name: string;
  error?: string | undefined;
  onChange: ChangeEventHandler<HTMLInputElement | HTMLSelectElement>;
  onBlur: FocusEventHandler<HTMLInputElement | HTMLSelectElement>;
  ref: Ref<HTMLInputElement & HTMLSelectElement>;
}

/** A select of the configured sources; a number field when they cannot be listed. */
export function SourceField({ name, error, onChange, onBlur, ref }: Props) {
  const { api } = useAuth();
  const [sources, setSources] = useState<AuthSource[] | null>(null);
  useEffect(() => {
    api.get<AuthSource[]>('/api/homeforge/admin/auth-sources', { query: { limit: 50 } }).then(setSources, () => setSources(null));
  }, [api]);
  const reg = { name, error, onChange, onBlur, ref, required: true };
  if (!sources) {
    return (
      <Field label="Authentication source ID" type="number" min={1} {...reg}
        hint="The number of the LDAP source this account signs in through. No password is kept for it." />
    );
  }
  return (
    <Select label="Authentication source" {...reg}
      hint={sources.length ? 'The LDAP directory this account signs in through. No password is kept for it.' : 'No LDAP source is configured on this host yet: add one with `npm run admin -- auth add-ldap`.'}>
      <option value="">Choose a source…</option>
      {sources.map((s) => <option key={s.id} value={String(s.id)}>{s.name} ({s.type}{s.active ? '' : ', inactive'})</option>)}
    </Select>
  );
}

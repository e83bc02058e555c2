/** The form for Gitea's SSPI source: Negotiate sign-in with Kerberos tickets (Windows domains, Kerberos realms). */
import { useState } from 'react';
import { useAuth } from '../../auth.tsx';
import { FormError } from '../../components/Alert.tsx';
import { Checkbox, Field } from '../../components/Field.tsx';
import { useSubmit } from '../../use-submit.ts';

const EMPTY = { name: '', auto_create_users: true, auto_activate_users: true, strip_domain_names: true, separator_replacement: '_', default_language: '' };
type Form = typeof EMPTY;
const SWITCHES: [keyof Form, string, string][] = [
  ['auto_create_users', 'Create users automatically', 'A principal with no account here gets one at its first sign-in.'],
  ['auto_activate_users', 'Activate users automatically', 'Otherwise new accounts wait for an administrator to activate them.'],
  ['strip_domain_names', 'Remove domain names from user names', 'DOMAIN\\alice and alice@REALM both sign in as alice.'],
];

/** Adds the SSPI source (one at most); `onCreated` gets its name. */
export function SspiSourceForm({ onCreated }: { onCreated(name: string): void }) {
  const { api } = useAuth();
  const [v, setV] = useState<Form>(EMPTY);
  const submit = useSubmit(async () => {
    await api.post('/api/homeforge/admin/auth-sources', { type: 'sspi', active: true, ...v });
    onCreated(v.name);
    setV(EMPTY);
  }, Object.keys(EMPTY));
  return (
    <form onSubmit={submit.onSubmit} noValidate className="card form-card" aria-labelledby="add-sspi">
      <h2 id="add-sspi">Add Windows sign-in (SPNEGO with SSPI)</h2>
      <p className="muted">Browsers and git on a Windows domain or Kerberos realm then sign in with the user&apos;s ticket (HTTP Negotiate).
        The host needs a keytab for HTTP/<em>its name</em>, given in KRB5_KTNAME; see the README.</p>
      <FormError error={submit.error} fields={submit.fields} />
      <Field label="Source name" name="sspi_name" required value={v.name} error={submit.fields.name} onChange={(e) => setV({ ...v, name: e.target.value })} />
      {SWITCHES.map(([k, label, hint]) => (
        <Checkbox key={k} label={label} hint={hint} name={k} checked={v[k] as boolean} onChange={(e) => setV({ ...v, [k]: e.target.checked })} />
      ))}
      <div className="form-row">
        <Field label="Separator replacement" name="separator_replacement" required value={v.separator_replacement} error={submit.fields.separator_replacement}
          hint="Replaces \, / and @ left in a user name." onChange={(e) => setV({ ...v, separator_replacement: e.target.value })} />
        <Field label="Default language" name="default_language" value={v.default_language} error={submit.fields.default_language}
          hint="For new users, e.g. en-US." onChange={(e) => setV({ ...v, default_language: e.target.value })} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={submit.busy}>{submit.busy ? 'Adding…' : 'Add Windows sign-in'}</button>
    </form>
  );
}

/** The form for Gitea's SSPI source: Negotiate sign-in with Kerberos tickets (Windows domains, Kerberos realms). */
import { z } from 'zod';
import { AuthSource } from '../../../../server/structs/homeforge.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert } from '../../components/Alert.tsx';
import { Checkbox, Field } from '../../components/Field.tsx';
import { useApiForm } from '../../zod-form.ts';

const EMPTY = { name: '', auto_create_users: true, auto_activate_users: true, strip_domain_names: true, separator_replacement: '_', default_language: '' };
type Form = typeof EMPTY;
const SWITCHES: [keyof Form, string, string][] = [
  ['auto_create_users', 'Create users automatically', 'A principal with no account here gets one at its first sign-in.'],
  ['auto_activate_users', 'Activate users automatically', 'Otherwise new accounts wait for an administrator to activate them.'],
  ['strip_domain_names', 'Remove domain names from user names', 'DOMAIN\\alice and alice@REALM both sign in as alice.'],
];

/** Gitea's SSPI settings as AuthSource names them, with the name and separator filled in. */
const schema = AuthSource.pick({ auto_create_users: true, auto_activate_users: true, strip_domain_names: true, default_language: true })
  .extend({ name: z.string().trim().min(1).max(255), separator_replacement: z.string().min(1).max(8) });

/** Adds the SSPI source (one at most); `onCreated` gets its name. */
export function SspiSourceForm({ onCreated }: { onCreated(name: string): void }) {
  const { api } = useAuth();
  const form = useApiForm<Form>(schema, EMPTY, 'name');
  const onSubmit = form.submit(async (v) => {
    await api.post('/api/homeforge/admin/auth-sources', { type: 'sspi', active: true, ...v });
    onCreated(v.name);
    form.reset(EMPTY);
  });
  const busy = form.formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} className="card form-card" aria-labelledby="add-sspi">
      <h2 id="add-sspi">Add Windows sign-in (SPNEGO with SSPI)</h2>
      <p className="muted">Browsers and git on a Windows domain or Kerberos realm then sign in with the user&apos;s ticket (HTTP Negotiate).
        The host needs a keytab for HTTP/<em>its name</em>, given in KRB5_KTNAME; see the README.</p>
      <ErrorAlert>{form.formError}</ErrorAlert>
      <Field label="Source name" {...form.field('name')} />
      {SWITCHES.map(([k, label, hint]) => (
        <Checkbox key={k} label={label} hint={hint} {...form.field(k)} />
      ))}
      <div className="form-row">
        <Field label="Separator replacement" hint="Replaces \, / and @ left in a user name." {...form.field('separator_replacement')} />
        <Field label="Default language" hint="For new users, e.g. en-US." {...form.field('default_language')} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Adding…' : 'Add Windows sign-in'}</button>
    </form>
  );
}

/** The create-token form: a name and a level per scope category; shows the new value once. */
import { useState } from 'react';
import type { AccessToken } from '../api/types.ts';
import { CreateAccessTokenOption } from '../../../server/structs/user.ts';
import { ErrorAlert, Notice } from '../components/Alert.tsx';
import { CloneUrl } from '../components/CloneUrl.tsx';
import { Field } from '../components/Field.tsx';
import { useApiForm } from '../zod-form.ts';

const CATEGORIES: { key: string; text: string }[] = [
  { key: 'repository', text: 'Repositories and git' },
  { key: 'user', text: 'User account' },
  { key: 'issue', text: 'Issues and pull requests' },
  { key: 'organization', text: 'Organizations' },
  { key: 'package', text: 'Packages' },
  { key: 'notification', text: 'Notifications' },
  { key: 'misc', text: 'Miscellaneous' },
  { key: 'activitypub', text: 'ActivityPub' },
  { key: 'admin', text: 'Site administration' },
];

type Level = '' | 'read' | 'write';

const schema = CreateAccessTokenOption.pick({ name: true });

/** The scopes the selection stands for; `all` when every category is read and write. */
function scopesOf(levels: Record<string, Level>): string[] {
  const picked = CATEGORIES.flatMap((c) => (levels[c.key] ? [`${levels[c.key]}:${c.key}`] : []));
  return picked.length === CATEGORIES.length && picked.every((s) => s.startsWith('write:')) ? ['all'] : picked;
}

interface Props {
  owner: string;
  create(name: string, scopes: string[]): Promise<AccessToken>;
}

/** Creates a token for `owner` and shows its value with a copy button. */
export function TokenCreate({ owner, create }: Props) {
  const [levels, setLevels] = useState<Record<string, Level>>({ repository: 'write', user: 'read' });
  const [created, setCreated] = useState<AccessToken | null>(null);
  const form = useApiForm<{ name: string }>(schema, { name: '' }, 'name');
  const onSubmit = form.submit(async ({ name }) => {
    const scopes = scopesOf(levels);
    if (scopes.length === 0) throw new Error('Choose at least one permission for the token.');
    setCreated(null);
    setCreated(await create(name, scopes));
    form.reset();
  });
  const busy = form.formState.isSubmitting;
  return (
    <section className="card" aria-labelledby="new-token-title">
      <h2 id="new-token-title">New token{owner ? ` for ${owner}` : ''}</h2>
      {created ? (
        <div className="token-once">
          <Notice>Created the token “{created.name}”. Copy it now: it is shown only once.</Notice>
          <CloneUrl url={created.sha1} label={`value of the token ${created.name}`} visibleLabel="Token" />
        </div>
      ) : null}
      <form onSubmit={onSubmit} className="token-form">
        <ErrorAlert>{form.formError}</ErrorAlert>
        <Field label="Token name" hint="A name that says where it is used, e.g. “laptop” or “ci”." {...form.field('name')} />
        <fieldset className="field-group">
          <legend>Permissions</legend>
          <div className="scope-grid">
            {CATEGORIES.map((c) => (
              <div className="scope-row" key={c.key}>
                <label htmlFor={`scope-${c.key}`}>{c.text}</label>
                <select id={`scope-${c.key}`} value={levels[c.key] ?? ''} onChange={(e) => setLevels({ ...levels, [c.key]: e.target.value as Level })}>
                  <option value="">No access</option>
                  <option value="read">Read</option>
                  <option value="write">Read and write</option>
                </select>
              </div>
            ))}
          </div>
        </fieldset>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Creating…' : 'Create token'}</button>
        </div>
      </form>
    </section>
  );
}

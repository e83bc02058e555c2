/** Create a repository: POST /api/v1/user/repos, or POST /api/v1/orgs/{org}/repos for an organization. */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CreateRepoOption } from '../../../server/structs/repo.ts';
import { seg } from '../api/client.ts';
import type { Repository } from '../api/types.ts';
import { useAuth, useUser } from '../auth.tsx';
import { ErrorAlert } from '../components/Alert.tsx';
import { Checkbox, Field, Select, TextArea } from '../components/Field.tsx';
import { Page } from '../components/Layout.tsx';
import { OwnerSelect } from '../components/OwnerSelect.tsx';
import { useRouter } from '../router.tsx';
import { useApiForm } from '../zod-form.ts';

const schema = CreateRepoOption.pick({ name: true, description: true, private: true, object_format_name: true, default_branch: true, auto_init: true })
  .required({ default_branch: true });
type Values = { name: string; description: string; private: boolean; object_format_name: 'sha1' | 'sha256'; default_branch: string; auto_init: boolean };

/** The create-repository form; goes to the dashboard (or the organization) with the new repository on success. */
export function NewRepoPage() {
  const { api } = useAuth();
  const user = useUser();
  const { navigate } = useRouter();
  const [params] = useSearchParams();
  const [owner, setOwner] = useState(params.get('owner') ?? user.login);
  const isOrg = owner !== user.login;
  const form = useApiForm<Values>(schema, { name: '', description: '', private: false, object_format_name: 'sha1', default_branch: 'main', auto_init: false }, 'name');
  const name = form.watch('name');

  const onSubmit = form.submit(async (values) => {
    const repo = await api.post<Repository>(isOrg ? `/api/v1/orgs/${seg(owner)}/repos` : '/api/v1/user/repos', { ...values, ...(values.auto_init ? { readme: 'Default' } : {}) });
    navigate(isOrg ? `/${seg(owner)}` : `/?created=${encodeURIComponent(repo.full_name)}`);
  });
  const busy = form.formState.isSubmitting;

  return (
    <Page title="New repository" narrow>
      <form onSubmit={onSubmit} className="card form-card">
        <ErrorAlert>{form.formError}</ErrorAlert>
        <OwnerSelect value={owner} onChange={setOwner} />
        <Field label="Repository name" autoFocus {...form.field('name')}
          hint={<>Letters, digits, <code>-</code>, <code>_</code> and <code>.</code>. The clone URL will be <code>{window.location.origin}/{owner}/{name || 'name'}.git</code></>} />
        <TextArea label="Description" rows={2} {...form.field('description')} />
        <Checkbox label="Private" hint="Only you, collaborators and administrators can see a private repository." {...form.field('private')} />
        <Select label="Object format" {...form.field('object_format_name')}
          hint="SHA-1 works with every git client. SHA-256 needs git 2.42 or newer on every machine that clones it, and cannot be changed later.">
          <option value="sha1">SHA-1</option>
          <option value="sha256">SHA-256</option>
        </Select>
        <Field label="Default branch" {...form.field('default_branch')} />
        <Checkbox label="Initialise with a README" hint="Creates a first commit, so the repository can be cloned at once. Leave it off to push an existing project." {...form.field('auto_init')} />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Creating…' : 'Create repository'}</button>
        </div>
      </form>
    </Page>
  );
}

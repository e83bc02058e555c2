/** Create a repository: POST /api/v1/user/repos, or POST /api/v1/orgs/{org}/repos for an organization. */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { seg } from '../api/client.ts';
import type { Repository } from '../api/types.ts';
import { useAuth, useUser } from '../auth.tsx';
import { FormError } from '../components/Alert.tsx';
import { Checkbox, Field, Select, TextArea } from '../components/Field.tsx';
import { Page } from '../components/Layout.tsx';
import { useRouter } from '../router.tsx';
import { useSubmit } from '../use-submit.ts';
import { useRepoOwners } from '../use-repo-owners.ts';

/** The create-repository form; goes to the dashboard with the new repository on success. */
export function NewRepoPage() {
  const { api } = useAuth();
  const user = useUser();
  const { navigate } = useRouter();
  const [params] = useSearchParams();
  const { owners, error: ownersError } = useRepoOwners();
  const [owner, setOwner] = useState(params.get('owner') ?? user.login);
  const isOrg = owner !== user.login;
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  const [format, setFormat] = useState('sha1');
  const [branch, setBranch] = useState('main');
  const [autoInit, setAutoInit] = useState(false);

  const submit = useSubmit(async () => {
    const repo = await api.post<Repository>(isOrg ? `/api/v1/orgs/${seg(owner)}/repos` : '/api/v1/user/repos', {
      name, description, private: isPrivate, object_format_name: format, default_branch: branch, auto_init: autoInit,
      ...(autoInit ? { readme: 'Default' } : {}),
    });
    navigate(isOrg ? `/${seg(owner)}` : `/?created=${encodeURIComponent(repo.full_name)}`);
  }, ['name', 'description', 'default_branch', 'object_format_name']);

  return (
    <Page title="New repository" narrow>
      <form onSubmit={submit.onSubmit} noValidate className="card form-card">
        <FormError error={submit.error} fields={submit.fields} />
        <Select label="Owner" name="owner" value={owner} onChange={(e) => setOwner(e.target.value)}
          error={ownersError ?? undefined} hint="You, or an organization where you may create repositories.">
          {(owners ?? [{ name: user.login, org: false }]).map((o) => <option key={o.name} value={o.name}>{o.org ? `${o.name} (organization)` : o.name}</option>)}
          {owners && !owners.some((o) => o.name === owner) ? <option value={owner}>{owner}</option> : null}
        </Select>
        <Field label="Repository name" name="name" required autoFocus maxLength={100}
          hint={<>Letters, digits, <code>-</code>, <code>_</code> and <code>.</code>. The clone URL will be <code>{window.location.origin}/{owner}/{name || 'name'}.git</code></>}
          error={submit.fields.name} value={name} onChange={(e) => setName(e.target.value)} />
        <TextArea label="Description" name="description" rows={2} error={submit.fields.description}
          value={description} onChange={(e) => setDescription(e.target.value)} />
        <Checkbox label="Private" name="private" hint="Only you, collaborators and administrators can see a private repository."
          checked={isPrivate} onChange={(e) => setPrivate(e.target.checked)} />
        <Select label="Object format" name="object_format_name" value={format} onChange={(e) => setFormat(e.target.value)}
          error={submit.fields.object_format_name}
          hint="SHA-1 works with every git client. SHA-256 needs git 2.42 or newer on every machine that clones it, and cannot be changed later.">
          <option value="sha1">SHA-1</option>
          <option value="sha256">SHA-256</option>
        </Select>
        <Field label="Default branch" name="default_branch" required error={submit.fields.default_branch}
          value={branch} onChange={(e) => setBranch(e.target.value)} />
        <Checkbox label="Initialise with a README" name="auto_init" hint="Creates a first commit, so the repository can be cloned at once. Leave it off to push an existing project."
          checked={autoInit} onChange={(e) => setAutoInit(e.target.checked)} />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={submit.busy}>{submit.busy ? 'Creating…' : 'Create repository'}</button>
        </div>
      </form>
    </Page>
  );
}

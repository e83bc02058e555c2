/** Create a repository: POST /api/v1/user/repos. */
import { useState } from 'react';
import type { Repository } from '../api/types.ts';
import { useAuth, useUser } from '../auth.tsx';
import { FormError } from '../components/Alert.tsx';
import { Checkbox, Field, Select, TextArea } from '../components/Field.tsx';
import { Page } from '../components/Layout.tsx';
import { useRouter } from '../router.tsx';
import { useSubmit } from '../use-submit.ts';

/** The create-repository form; goes to the dashboard with the new repository on success. */
export function NewRepoPage() {
  const { api } = useAuth();
  const user = useUser();
  const { navigate } = useRouter();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [isPrivate, setPrivate] = useState(false);
  const [format, setFormat] = useState('sha1');
  const [branch, setBranch] = useState('main');
  const [autoInit, setAutoInit] = useState(false);

  const submit = useSubmit(async () => {
    const repo = await api.post<Repository>('/api/v1/user/repos', {
      name, description, private: isPrivate, object_format_name: format, default_branch: branch, auto_init: autoInit,
      ...(autoInit ? { readme: 'Default' } : {}),
    });
    navigate(`/?created=${encodeURIComponent(repo.full_name)}`);
  }, ['name', 'description', 'default_branch', 'object_format_name']);

  return (
    <Page title="New repository" narrow>
      <form onSubmit={submit.onSubmit} noValidate className="card form-card">
        <FormError error={submit.error} fields={submit.fields} />
        <Field label="Repository name" name="name" required autoFocus
          hint={<>Letters, digits, <code>-</code>, <code>_</code> and <code>.</code>. The clone URL will be <code>{window.location.origin}/{user.login}/{name || 'name'}.git</code></>}
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

/** Repository settings: description, visibility, archived, default branch; the object format shown; avatar; rename, transfer, delete. */
import { useState } from 'react';
import { errorText } from '../../api/client.ts';
import type { Branch, Repository } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert, Notice } from '../../components/Alert.tsx';
import { ConfirmButton } from '../../components/ConfirmButton.tsx';
import { AvatarForm } from '../../components/AvatarForm.tsx';
import { Checkbox, Select, TextArea } from '../../components/Field.tsx';
import { useRouter } from '../../router.tsx';
import { useLoad } from '../../use-load.ts';
import { EditRepoOption } from '../../../../server/structs/repo.ts';
import { useApiForm } from '../../zod-form.ts';
import { useRepo } from './repo-context.tsx';
import { RepoHealth } from './RepoHealth.tsx';
import { RepoMove } from './RepoMove.tsx';

const schema = EditRepoOption.pick({ description: true, private: true, archived: true, default_branch: true });
type Values = { description: string; private: boolean; archived: boolean; default_branch: string };

function SettingsForm({ repo, onSaved }: { repo: Repository; onSaved(r: Repository): void }) {
  const { api } = useAuth();
  const { api: base } = useRepo();
  const form = useApiForm<Values>(schema, { description: repo.description, private: repo.private, archived: repo.archived, default_branch: repo.default_branch });
  const branch = form.watch('default_branch');
  const branches = useLoad(() => (repo.empty ? Promise.resolve([] as Branch[]) : api.get<Branch[]>(`${base}/branches`, { query: { limit: 100 } })), base);
  const names = branches.data?.map((b) => b.name) ?? [];
  const onSubmit = form.submit(async (values) => { onSaved(await api.patch<Repository>(base, values)); });
  const busy = form.formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} noValidate className="card form-card" aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      <ErrorAlert>{form.formError}</ErrorAlert>
      <TextArea label="Description" rows={2} {...form.field('description')} />
      <Select label="Default branch" {...form.field('default_branch')}
        hint={repo.empty ? 'The repository is empty: the first push creates this branch.' : 'Clones check this branch out, and the Files tab shows it first.'}>
        {names.includes(branch) ? null : <option value={branch}>{branch}</option>}
        {names.map((n) => <option key={n} value={n}>{n}</option>)}
      </Select>
      <Checkbox label="Private" hint="Only you, collaborators, organization teams and administrators can see it." {...form.field('private')} />
      <Checkbox label="Archived" hint="An archived repository is read-only: pushes and changes are refused until it is unarchived." {...form.field('archived')} />
      <dl className="facts">
        <dt>Object format</dt><dd>{repo.object_format_name === 'sha256' ? 'SHA-256' : 'SHA-1'} <span className="muted">(chosen at creation; it cannot change)</span></dd>
        {repo.size !== undefined ? <><dt>Size</dt><dd>{repo.size.toLocaleString()} KiB</dd></> : null}
      </dl>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Saving…' : 'Save settings'}</button>
      </div>
    </form>
  );
}

/** The Settings tab (repository administrators). */
export function RepoSettingsPage() {
  const { api } = useAuth();
  const { repo, api: base, replace } = useRepo();
  const { navigate } = useRouter();
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const remove = async () => {
    try {
      await api.delete(base);
      navigate(`/?deleted=${encodeURIComponent(repo.full_name)}`);
    } catch (err) {
      setError(`${repo.full_name} was not deleted: ${errorText(err)}`);
    }
  };
  return (
    <div>
      <Notice>{notice}</Notice>
      <SettingsForm key={repo.updated_at} repo={repo} onSaved={(r) => { replace(r); setNotice('Saved the settings.'); }} />
      <AvatarForm apiPath={`${base}/avatar`} current={repo.avatar_url} whose={`${repo.full_name}'s`} onChanged={() => { void api.get<Repository>(base).then(replace, () => undefined); }} />
      <RepoMove key={repo.full_name} />
      <RepoHealth base={base} />
      <section className="card danger-zone form-card" aria-labelledby="delete-repo">
        <h2 id="delete-repo">Delete this repository</h2>
        <p>Deleting removes the repository, its webhooks and their delivery history for good.</p>
        <ErrorAlert>{error}</ErrorAlert>
        <ConfirmButton label={`Delete repository ${repo.full_name}`} question={`Delete ${repo.full_name} and all its history?`} confirmLabel={`Delete ${repo.full_name}`} onConfirm={remove}>Delete repository</ConfirmButton>
      </section>
    </div>
  );
}

/** Renaming a repository and transferring it to another owner, from its settings. */
import { useState } from 'react';
import { seg } from '../../api/client.ts';
import type { Repository } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { FormError, Notice } from '../../components/Alert.tsx';
import { Field } from '../../components/Field.tsx';
import { useRouter } from '../../router.tsx';
import { useSubmit } from '../../use-submit.ts';
import { useRepo } from './repo-context.tsx';

/** Rename (PATCH name) and transfer (POST transfer) forms; both move the page to the repository's new address. */
export function RepoMove() {
  const { api } = useAuth();
  const { repo, api: base } = useRepo();
  const { navigate } = useRouter();
  const [name, setName] = useState(repo.name);
  const [newOwner, setNewOwner] = useState('');
  const [pending, setPending] = useState<string | null>(null);
  const go = (r: Repository) => navigate(`/${seg(r.owner.login)}/${seg(r.name)}/settings`);
  const rename = useSubmit(async () => { go(await api.patch<Repository>(base, { name })); }, ['name']);
  const transfer = useSubmit(async () => {
    const r = await api.post<Repository>(`${base}/transfer`, { new_owner: newOwner });
    if (r.owner.login === repo.owner.login) setPending(`${newOwner} must accept the transfer; the repository stays here until then.`);
    else go(r);
  }, ['new_owner']);
  return (
    <>
      <form onSubmit={rename.onSubmit} noValidate className="card form-card" aria-labelledby="rename-repo">
        <h2 id="rename-repo">Rename</h2>
        <FormError error={rename.error} fields={rename.fields} />
        <Field label="Repository name" name="name" value={name} error={rename.fields.name} onChange={(e) => setName(e.target.value)} />
        <div className="form-actions">
          <button type="submit" className="btn" disabled={rename.busy || name === repo.name}>{rename.busy ? 'Renaming…' : 'Rename repository'}</button>
        </div>
      </form>
      <form onSubmit={transfer.onSubmit} noValidate className="card form-card" aria-labelledby="transfer-repo">
        <h2 id="transfer-repo">Transfer ownership</h2>
        <Notice>{pending}</Notice>
        <FormError error={transfer.error} fields={transfer.fields} />
        <Field label="New owner" name="new_owner" value={newOwner} error={transfer.fields.new_owner}
          hint="A user or an organization. It moves at once to an organization where you may create repositories; a user must accept it."
          onChange={(e) => setNewOwner(e.target.value)} />
        <div className="form-actions">
          <button type="submit" className="btn" disabled={transfer.busy || !newOwner}>{transfer.busy ? 'Transferring…' : 'Transfer repository'}</button>
        </div>
      </form>
    </>
  );
}

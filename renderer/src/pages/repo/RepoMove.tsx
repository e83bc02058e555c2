/** Renaming a repository and transferring it to another owner, from its settings. */
import { useState } from 'react';
import { seg } from '../../api/client.ts';
import type { Repository } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert, Notice } from '../../components/Alert.tsx';
import { Field } from '../../components/Field.tsx';
import { useRouter } from '../../router.tsx';
import { useApiForm } from '../../zod-form.ts';
import { CreateRepoOption, TransferRepoOption } from '../../../../server/structs/repo.ts';
import { useRepo } from './repo-context.tsx';

/** A new name follows the rules of a new repository's name. */
const renameSchema = CreateRepoOption.pick({ name: true });
const transferSchema = TransferRepoOption.pick({ new_owner: true });

/** Rename (PATCH name) and transfer (POST transfer) forms; both move the page to the repository's new address. */
export function RepoMove() {
  const { api } = useAuth();
  const { repo, api: base } = useRepo();
  const { navigate } = useRouter();
  const [pending, setPending] = useState<string | null>(null);
  const go = (r: Repository) => navigate(`/${seg(r.owner.login)}/${seg(r.name)}/settings`);
  const rename = useApiForm<{ name: string }>(renameSchema, { name: repo.name }, 'name');
  const transfer = useApiForm<{ new_owner: string }>(transferSchema, { new_owner: '' }, 'new_owner');
  const onRename = rename.submit(async ({ name }) => { go(await api.patch<Repository>(base, { name })); });
  const onTransfer = transfer.submit(async ({ new_owner }) => {
    const r = await api.post<Repository>(`${base}/transfer`, { new_owner });
    if (r.owner.login === repo.owner.login) setPending(`${new_owner} must accept the transfer; the repository stays here until then.`);
    else go(r);
  });
  const renaming = rename.formState.isSubmitting;
  const transferring = transfer.formState.isSubmitting;
  return (
    <>
      <form onSubmit={onRename} className="card form-card" aria-labelledby="rename-repo">
        <h2 id="rename-repo">Rename</h2>
        <ErrorAlert>{rename.formError}</ErrorAlert>
        <Field label="Repository name" {...rename.field('name')} />
        <div className="form-actions">
          <button type="submit" className="btn" disabled={renaming || rename.watch('name') === repo.name}>{renaming ? 'Renaming…' : 'Rename repository'}</button>
        </div>
      </form>
      <form onSubmit={onTransfer} className="card form-card" aria-labelledby="transfer-repo">
        <h2 id="transfer-repo">Transfer ownership</h2>
        <Notice>{pending}</Notice>
        <ErrorAlert>{transfer.formError}</ErrorAlert>
        <Field label="New owner" {...transfer.field('new_owner')}
          hint="A user or an organization. It moves at once to an organization where you may create repositories; a user must accept it." />
        <div className="form-actions">
          <button type="submit" className="btn" disabled={transferring}>{transferring ? 'Transferring…' : 'Transfer repository'}</button>
        </div>
      </form>
    </>
  );
}

/** `/{owner}/{repo}/fork`: fork the repository into the user's account or one of their organizations. */
import { useState } from 'react';
import { CreateRepoOption } from '../../../../server/structs/repo.ts';
import { ApiError, seg } from '../../api/client.ts';
import type { Repository } from '../../api/types.ts';
import { useAuth, useUser } from '../../auth.tsx';
import { ErrorAlert } from '../../components/Alert.tsx';
import { Field, TextArea } from '../../components/Field.tsx';
import { OwnerSelect } from '../../components/OwnerSelect.tsx';
import { useRouter } from '../../router.tsx';
import { problemWords, useApiForm } from '../../zod-form.ts';
import { useRepo } from './repo-context.tsx';

const schema = CreateRepoOption.pick({ name: true, description: true });
type Values = { name: string; description: string };

/** The fork form: POST .../forks (`organization` when one is picked), then the description when it was changed. */
export function ForkPage() {
  const { api } = useAuth();
  const user = useUser();
  const { repo, api: source } = useRepo();
  const { navigate } = useRouter();
  const [owner, setOwner] = useState(user.login);
  const [ownerError, setOwnerError] = useState<string | null>(null);
  const form = useApiForm<Values>(schema, { name: repo.name, description: repo.description }, 'name');

  const onSubmit = form.submit(async ({ name, description }) => {
    setOwnerError(null);
    let fork: Repository;
    try {
      fork = await api.post<Repository>(`${source}/forks`, { ...(owner === user.login ? {} : { organization: owner }), name });
    } catch (err) {
      // A refusal about the owner (a fork there already) goes beside the owner; the form places the others.
      const problem = err instanceof ApiError ? err.problems.organization : undefined;
      if (!problem) throw err;
      setOwnerError(problemWords(problem));
      return;
    }
    const path = `/${seg(fork.owner.login)}/${seg(fork.name)}`;
    // The API's fork takes the source's description; the form's own goes on with an edit.
    if (description !== fork.description) await api.patch<Repository>(`/api/v1/repos${path}`, { description });
    navigate(path);
  });
  const busy = form.formState.isSubmitting;

  return (
    <form onSubmit={onSubmit} className="card form-card" aria-labelledby="fork-title">
      <h2 id="fork-title">Fork {repo.full_name}</h2>
      <p className="muted">The fork starts with every branch and tag of {repo.full_name}{repo.private ? ' and is private, as this repository is' : ''}.</p>
      <ErrorAlert>{form.formError}</ErrorAlert>
      <OwnerSelect value={owner} onChange={(o) => { setOwner(o); setOwnerError(null); }} error={ownerError ?? undefined} />
      <Field label="Repository name" {...form.field('name')} />
      <TextArea label="Description" rows={2} {...form.field('description')} />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Forking…' : 'Fork repository'}</button>
      </div>
    </form>
  );
}

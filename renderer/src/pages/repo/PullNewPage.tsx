/** `/{owner}/{repo}/pulls/new`: choose the base and head branches (or a fork's `owner:branch`), a title and a description. */
import { useState } from 'react';
import type { Branch, PullRequest } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { FormError } from '../../components/Alert.tsx';
import { Field, Select, TextArea } from '../../components/Field.tsx';
import { useRouter } from '../../router.tsx';
import { useLoad } from '../../use-load.ts';
import { useSubmit } from '../../use-submit.ts';
import { useRepo } from './repo-context.tsx';

/** The new pull request page. */
export function PullNewPage() {
  const { api } = useAuth();
  const { api: base, base: ui, repo } = useRepo();
  const router = useRouter();
  const branches = useLoad(() => api.get<Branch[]>(`${base}/branches`, { query: { limit: 100 } }), `${base}|branches`);
  const [into, setInto] = useState(repo.default_branch);
  const [from, setFrom] = useState('');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const submit = useSubmit(async () => {
    const pr = await api.post<PullRequest>(`${base}/pulls`, { base: into, head: from.trim(), title: title.trim(), body });
    router.navigate(`${ui}/pulls/${pr.number}`);
  }, ['base', 'head', 'title', 'body']);
  return (
    <form onSubmit={submit.onSubmit} noValidate className="card" aria-labelledby="new-pull">
      <h2 id="new-pull">New pull request</h2>
      <FormError error={submit.error} fields={submit.fields} />
      <Select label="Merge into (base)" name="base" value={into} onChange={(e) => setInto(e.target.value)} error={submit.fields.base}>
        {(branches.data ?? [{ name: repo.default_branch }]).map((b) => <option key={b.name} value={b.name}>{b.name}</option>)}
      </Select>
      <Field label="Pull from (head)" name="head" list="head-branches" required value={from} hint="A branch of this repository, or owner:branch of a fork." error={submit.fields.head} onChange={(e) => setFrom(e.target.value)} />
      <datalist id="head-branches">{branches.data?.map((b) => <option key={b.name} value={b.name} />)}</datalist>
      <Field label="Title" name="title" required value={title} error={submit.fields.title} onChange={(e) => setTitle(e.target.value)} />
      <TextArea label="Description" name="body" rows={6} hint="Markdown." value={body} onChange={(e) => setBody(e.target.value)} />
      <button type="submit" className="btn btn-primary" disabled={submit.busy || !from.trim() || !title.trim()}>Create pull request</button>
    </form>
  );
}

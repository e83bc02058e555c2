/** `/{owner}/{repo}/pulls/new`: choose the base and head branches (or a fork's `owner:branch`), a title and a description. */
import { CreatePullRequestOption } from '../../../../server/structs/pull.ts';
import type { Branch, PullRequest } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert } from '../../components/Alert.tsx';
import { Field, Select, TextArea } from '../../components/Field.tsx';
import { useRouter } from '../../router.tsx';
import { useLoad } from '../../use-load.ts';
import { useApiForm } from '../../zod-form.ts';
import { useRepo } from './repo-context.tsx';

const schema = CreatePullRequestOption.pick({ base: true, head: true, title: true, body: true });
type Values = { base: string; head: string; title: string; body: string };

/** The new pull request page. */
export function PullNewPage() {
  const { api } = useAuth();
  const { api: base, base: ui, repo } = useRepo();
  const router = useRouter();
  const branches = useLoad(() => api.get<Branch[]>(`${base}/branches`, { query: { limit: 100 } }), `${base}|branches`);
  const form = useApiForm<Values>(schema, { base: repo.default_branch, head: '', title: '', body: '' });
  const onSubmit = form.submit(async (v) => {
    const pr = await api.post<PullRequest>(`${base}/pulls`, { ...v, head: v.head.trim(), title: v.title.trim() });
    router.navigate(`${ui}/pulls/${pr.number}`);
  });
  return (
    <form onSubmit={onSubmit} className="card" aria-labelledby="new-pull">
      <h2 id="new-pull">New pull request</h2>
      <ErrorAlert>{form.formError}</ErrorAlert>
      <Select label="Merge into (base)" {...form.field('base')}>
        {(branches.data ?? [{ name: repo.default_branch }]).map((b) => <option key={b.name} value={b.name}>{b.name}</option>)}
      </Select>
      <Field label="Pull from (head)" list="head-branches" hint="A branch of this repository, or owner:branch of a fork." {...form.field('head')} />
      <datalist id="head-branches">{branches.data?.map((b) => <option key={b.name} value={b.name} />)}</datalist>
      <Field label="Title" {...form.field('title')} />
      <TextArea label="Description" rows={6} hint="Markdown." {...form.field('body')} />
      <button type="submit" className="btn btn-primary" disabled={form.formState.isSubmitting}>Create pull request</button>
    </form>
  );
}

/** The repository's topics under its description on the Files tab, with an inline editor for repository admins. */
import { useState, type FormEvent } from 'react';
import { ApiError, errorText } from '../../api/client.ts';
import type { Repository } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { Field } from '../../components/Field.tsx';
import { useRouter } from '../../router.tsx';
import { repoPaths } from './repo-context.tsx';

/** A refusal of PUT .../topics in words: the names Gitea's 422 lists as invalid, or too many topics. */
function refusalWords(err: unknown): string {
  const invalid = err instanceof ApiError && err.status === 422 ? err.body?.invalidTopics : undefined;
  if (Array.isArray(invalid)) {
    return `Not valid: ${invalid.join(', ')}. A topic starts with a letter or digit and has only lower-case letters, digits, dashes and dots, at most 35 characters.`;
  }
  if (invalid === null) return 'A repository can have at most 25 topics.';
  return errorText(err);
}

function TopicsEditor({ repo, api, done }: { repo: Repository; api: string; done(): void }) {
  const { api: client } = useAuth();
  const [text, setText] = useState(repo.topics.join(' '));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await client.request('PUT', `${api}/topics`, { body: { topics: text.split(/[\s,]+/).filter(Boolean) } });
      done();
    } catch (err) {
      setError(refusalWords(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="topics-editor" onSubmit={(e) => void save(e)}>
      <Field label="Topics" value={text} onChange={(e) => setText(e.target.value)} autoFocus error={error ?? undefined}
        hint="Separate topics with commas or spaces, at most 25." />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary btn-small" disabled={busy}>{busy ? 'Saving…' : 'Save topics'}</button>
        <button type="button" className="btn btn-small" onClick={done}>Cancel</button>
      </div>
    </form>
  );
}

/** The topics as badges on the repository home (the Files tab), as Gitea shows them; nothing on the other tabs. */
export function RepoTopics({ repo }: { repo: Repository }) {
  const { path } = useRouter();
  const [editing, setEditing] = useState(false);
  const { api, base } = repoPaths(repo.owner.login, repo.name);
  const here = path.toLowerCase();
  const home = base.toLowerCase();
  if (here !== home && !here.startsWith(`${home}/src/`)) return null;
  const admin = !!repo.permissions?.admin;
  if (editing) return <TopicsEditor repo={repo} api={api} done={() => setEditing(false)} />;
  if (!repo.topics.length && !admin) return null;
  return (
    <div className="topics">
      {repo.topics.length ? <ul className="badges" aria-label="Topics">{repo.topics.map((t) => <li key={t} className="badge">{t}</li>)}</ul> : null}
      {admin ? <button type="button" className="btn btn-small" onClick={() => setEditing(true)}>Manage topics</button> : null}
    </div>
  );
}

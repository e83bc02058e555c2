/**
 * `/{owner}/{repo}/releases/new` and `/{owner}/{repo}/releases/edit/{tag}`: a release's tag (made at a target
 * when new), title, markdown notes, draft and pre-release flags, and its files (uploaded as multipart, as Gitea's
 * form sends them; existing ones can be removed). Editing also deletes the release (its tag stays).
 */
import { useEffect, useState } from 'react';
import type { Attachment, Release } from '../../api/types.ts';
import { ApiError, seg } from '../../api/client.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert, FormError } from '../../components/Alert.tsx';
import { Checkbox, Field, TextArea } from '../../components/Field.tsx';
import { ConfirmButton } from '../../components/ConfirmButton.tsx';
import { useRouter } from '../../router.tsx';
import { useLoad } from '../../use-load.ts';
import { useSubmit } from '../../use-submit.ts';
import { encodePath, useRepo } from './repo-context.tsx';

/** Uploads one file to a release as a multipart `attachment` part. */
async function uploadFile(token: string | null, assetsUrl: string, file: File): Promise<Attachment> {
  const form = new FormData();
  form.append('attachment', file, file.name);
  const res = await fetch(`${assetsUrl}?name=${encodeURIComponent(file.name)}`, { method: 'POST', body: form, headers: token ? { Authorization: `token ${token}` } : {}, credentials: 'omit' });
  const body = (await res.json().catch(() => ({}))) as { message?: string };
  if (!res.ok) throw new ApiError(res.status, `${file.name}: ${body.message ?? `HTTP ${res.status}`}`, res.headers);
  return body as Attachment;
}

/** The release form; `tag` names the release to edit, none makes a new one. */
export function ReleaseFormPage({ tag }: { tag?: string | undefined }) {
  const { api } = useAuth();
  const { repo, api: base, base: ui } = useRepo();
  const { navigate } = useRouter();
  const existing = useLoad(() => (tag ? api.get<Release>(`${base}/releases/tags/${seg(tag)}`) : Promise.resolve(null)), `${base}|release-form|${tag ?? ''}`);
  const r = existing.data;
  const [tagName, setTagName] = useState(tag ?? '');
  const [target, setTarget] = useState(repo.default_branch);
  const [title, setTitle] = useState('');
  const [notes, setNotes] = useState('');
  const [tagMessage, setTagMessage] = useState('');
  const [draft, setDraft] = useState(false);
  const [prerelease, setPrerelease] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  useEffect(() => {
    if (!r) return;
    setTitle(r.name);
    setNotes(r.body);
    setDraft(r.draft);
    setPrerelease(r.prerelease);
  }, [r]);
  const submit = useSubmit(async () => {
    const body = { name: title, body: notes, prerelease };
    // With files, a new release stays a draft until they are up (as release tools do), then is published.
    const saved = r
      ? await api.patch<Release>(`${base}/releases/${r.id}`, { ...body, tag_name: tagName.trim(), draft })
      : await api.post<Release>(`${base}/releases`, { ...body, tag_name: tagName.trim(), target_commitish: target.trim(), draft: draft || files.length > 0, ...(tagMessage.trim() ? { tag_message: tagMessage } : {}) });
    for (const f of files) await uploadFile(api.currentToken(), `${base}/releases/${saved.id}/assets`, f);
    const final = !r && files.length > 0 && !draft ? await api.patch<Release>(`${base}/releases/${saved.id}`, { draft: false }) : saved;
    navigate(`${ui}/releases/tag/${encodePath(final.tag_name)}`);
  }, ['tag_name', 'target_commitish', 'name', 'body', 'tag_message']);
  const removeFile = async (a: Attachment) => {
    await api.delete(`${base}/releases/${r!.id}/assets/${a.id}`);
    existing.reload();
  };
  if (tag && !r) return <ErrorAlert>{existing.error}</ErrorAlert>;
  return (
    <form onSubmit={submit.onSubmit} noValidate className="card form-card" aria-labelledby="release-form">
      <h2 id="release-form">{r ? `Edit release ${r.tag_name}` : 'New release'}</h2>
      <FormError error={submit.error} fields={submit.fields} />
      <div className="form-row">
        <Field label="Tag" name="tag_name" required value={tagName} error={submit.fields.tag_name} hint={r ? undefined : 'An existing tag, or a new one made at the target.'} onChange={(e) => setTagName(e.target.value)} />
        {r ? null : <Field label="Target" name="target_commitish" value={target} error={submit.fields.target_commitish} hint="Branch or commit the new tag points at." onChange={(e) => setTarget(e.target.value)} />}
      </div>
      <Field label="Title" name="name" value={title} error={submit.fields.name} onChange={(e) => setTitle(e.target.value)} />
      <TextArea label="Notes" name="body" rows={8} value={notes} hint="Markdown." error={submit.fields.body} onChange={(e) => setNotes(e.target.value)} />
      {r ? null : <Field label="Tag message" name="tag_message" value={tagMessage} hint="Makes the new tag an annotated tag." error={submit.fields.tag_message} onChange={(e) => setTagMessage(e.target.value)} />}
      {r && r.assets.length > 0 ? (
        <fieldset className="field">
          <legend>Files</legend>
          <ul>
            {r.assets.map((a) => (
              <li key={a.id}>{a.name}{' '}<ConfirmButton label={`Remove ${a.name}`} question={`Remove ${a.name}?`} confirmLabel="Remove" onConfirm={() => removeFile(a)}>Remove</ConfirmButton></li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <Field label="Add files" name="attachment" type="file" multiple onChange={(e) => setFiles(Array.from(e.target.files ?? []))} />
      <Checkbox label="Draft (only writers see it; its tag is made when published)" name="draft" checked={draft} onChange={(e) => setDraft(e.target.checked)} />
      <Checkbox label="Pre-release" name="prerelease" checked={prerelease} onChange={(e) => setPrerelease(e.target.checked)} />
      <div className="row-actions">
        <button type="submit" className="btn btn-primary" disabled={submit.busy || !tagName.trim()}>{submit.busy ? 'Saving…' : r ? 'Save release' : 'Publish release'}</button>
        {r ? (
          <ConfirmButton label="Delete release" question={`Delete release ${r.tag_name}? Its tag stays.`} confirmLabel="Delete" onConfirm={async () => { await api.delete(`${base}/releases/${r.id}`); navigate(`${ui}/releases`); }}>Delete release</ConfirmButton>
        ) : null}
      </div>
    </form>
  );
}

/**
 * `/{owner}/{repo}/releases/new` and `/{owner}/{repo}/releases/edit/{tag}`: a release's tag (made at a target
 * when new), title, markdown notes, draft and pre-release flags, and its files (uploaded as multipart, as Gitea's
 * form sends them; existing ones can be removed). Editing also deletes the release (its tag stays).
 */
import { useState } from 'react';
import type { Attachment, Release } from '../../api/types.ts';
import { ApiError, seg } from '../../api/client.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert } from '../../components/Alert.tsx';
import { Checkbox, Field, TextArea } from '../../components/Field.tsx';
import { ConfirmButton } from '../../components/ConfirmButton.tsx';
import { useRouter } from '../../router.tsx';
import { useLoad } from '../../use-load.ts';
import { useApiForm } from '../../zod-form.ts';
import { CreateReleaseOption, EditReleaseOption } from '../../../../server/structs/release.ts';
import { encodePath, useRepo } from './repo-context.tsx';

/** A new release: Gitea's CreateReleaseOption as the form holds it. */
const createSchema = CreateReleaseOption.pick({ tag_name: true, target_commitish: true, name: true, body: true, tag_message: true, draft: true, prerelease: true });
/** An edit: EditReleaseOption, with the tag still required (an empty one would keep the old tag silently). */
const editSchema = EditReleaseOption.pick({ name: true, body: true, draft: true, prerelease: true }).extend({ tag_name: CreateReleaseOption.shape.tag_name });
type ReleaseValues = { tag_name: string; target_commitish: string; name: string; body: string; tag_message: string; draft: boolean; prerelease: boolean };

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
  const { api: base } = useRepo();
  const existing = useLoad(() => (tag ? api.get<Release>(`${base}/releases/tags/${seg(tag)}`) : Promise.resolve(null)), `${base}|release-form|${tag ?? ''}`);
  if (tag && !existing.data) return <ErrorAlert>{existing.error}</ErrorAlert>;
  // The form starts from the loaded release, so it is drawn once that is here.
  return <ReleaseForm key={existing.data?.id ?? 'new'} r={existing.data ?? null} reload={existing.reload} />;
}

function ReleaseForm({ r, reload }: { r: Release | null; reload(): void }) {
  const { api } = useAuth();
  const { repo, api: base, base: ui } = useRepo();
  const { navigate } = useRouter();
  const [files, setFiles] = useState<File[]>([]);
  const form = useApiForm<ReleaseValues>(r ? editSchema : createSchema, {
    tag_name: r?.tag_name ?? '', target_commitish: repo.default_branch, name: r?.name ?? '', body: r?.body ?? '',
    tag_message: '', draft: r?.draft ?? false, prerelease: r?.prerelease ?? false,
  }, 'tag_name');
  const onSubmit = form.submit(async (v) => {
    const body = { name: v.name, body: v.body, prerelease: v.prerelease };
    // With files, a new release stays a draft until they are up (as release tools do), then is published.
    const saved = r
      ? await api.patch<Release>(`${base}/releases/${r.id}`, { ...body, tag_name: v.tag_name.trim(), draft: v.draft })
      : await api.post<Release>(`${base}/releases`, { ...body, tag_name: v.tag_name.trim(), target_commitish: v.target_commitish.trim(), draft: v.draft || files.length > 0, ...(v.tag_message.trim() ? { tag_message: v.tag_message } : {}) });
    for (const f of files) await uploadFile(api.currentToken(), `${base}/releases/${saved.id}/assets`, f);
    const final = !r && files.length > 0 && !v.draft ? await api.patch<Release>(`${base}/releases/${saved.id}`, { draft: false }) : saved;
    navigate(`${ui}/releases/tag/${encodePath(final.tag_name)}`);
  });
  const removeFile = async (a: Attachment) => {
    await api.delete(`${base}/releases/${r!.id}/assets/${a.id}`);
    reload();
  };
  const busy = form.formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} className="card form-card" aria-labelledby="release-form">
      <h2 id="release-form">{r ? `Edit release ${r.tag_name}` : 'New release'}</h2>
      <ErrorAlert>{form.formError}</ErrorAlert>
      <div className="form-row">
        <Field label="Tag" {...form.field('tag_name')} hint={r ? undefined : 'An existing tag, or a new one made at the target.'} />
        {r ? null : <Field label="Target" {...form.field('target_commitish')} hint="Branch or commit the new tag points at." />}
      </div>
      <Field label="Title" {...form.field('name')} />
      <TextArea label="Notes" rows={8} hint="Markdown." {...form.field('body')} />
      {r ? null : <Field label="Tag message" hint="Makes the new tag an annotated tag." {...form.field('tag_message')} />}
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
      <Checkbox label="Draft (only writers see it; its tag is made when published)" {...form.field('draft')} />
      <Checkbox label="Pre-release" {...form.field('prerelease')} />
      <div className="row-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Saving…' : r ? 'Save release' : 'Publish release'}</button>
        {r ? (
          <ConfirmButton label="Delete release" question={`Delete release ${r.tag_name}? Its tag stays.`} confirmLabel="Delete" onConfirm={async () => { await api.delete(`${base}/releases/${r.id}`); navigate(`${ui}/releases`); }}>Delete release</ConfirmButton>
        ) : null}
      </div>
    </form>
  );
}

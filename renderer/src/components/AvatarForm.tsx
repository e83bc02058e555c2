/**
 * The avatar section of a settings page (a user's profile, an organization, a repository): the current image, a
 * file to upload with its preview, and Delete. The file goes as base64 in Gitea's `{image}`; the host's refusal
 * (not an image it takes, too large) shows beside the file field.
 */
import { useState, type ChangeEvent } from 'react';
import { useAuth } from '../auth.tsx';
import { useApiForm } from '../zod-form.ts';
import { UpdateUserAvatarOption } from '../../../server/structs/avatar.ts';
import { ErrorAlert, Notice } from './Alert.tsx';
import { Avatar } from './Avatar.tsx';
import { ConfirmButton } from './ConfirmButton.tsx';
import { Field } from './Field.tsx';
import { errorText } from '../api/client.ts';

const TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

const readAsDataUrl = (file: File): Promise<string> => new Promise((resolve, reject) => {
  const reader = new FileReader();
  reader.onload = () => resolve(String(reader.result));
  reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
  reader.readAsDataURL(file);
});

/**
 * `apiPath`: the avatar route (`/api/v1/user/avatar`, `/api/v1/orgs/{org}/avatar`, `/api/v1/repos/{o}/{r}/avatar`);
 * `current`: the `avatar_url` shown now ('' for none); `whose`: words for the owner ("your", "acme's").
 */
export function AvatarForm({ apiPath, current, whose, onChanged }: { apiPath: string; current: string; whose: string; onChanged?(): void }) {
  const { api } = useAuth();
  const form = useApiForm<{ image: string }>(UpdateUserAvatarOption, { image: '' });
  const [preview, setPreview] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const image = form.field('image');
  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    setNotice(null);
    form.clearErrors('image');
    const file = e.target.files?.[0];
    setPreview(null);
    form.setValue('image', '');
    if (!file) return;
    if (!TYPES.includes(file.type)) {
      form.setError('image', { type: 'client', message: 'Choose a PNG, JPEG, GIF or WebP image.' });
      return;
    }
    const url = await readAsDataUrl(file);
    setPreview(url);
    form.setValue('image', url.slice(url.indexOf(',') + 1));
  };
  const onSubmit = form.submit(async ({ image: data }) => {
    if (!data) {
      form.setError('image', { type: 'client', message: 'Choose an image first.' }, { shouldFocus: true });
      return;
    }
    await api.post(apiPath, { image: data });
    setPreview(null);
    form.reset({ image: '' });
    setNotice('Uploaded the new avatar.');
    onChanged?.();
  });
  const remove = async () => {
    setDeleteError(null);
    try {
      await api.delete(apiPath);
      setNotice('Deleted the avatar.');
      onChanged?.();
    } catch (err) {
      setDeleteError(`The avatar was not deleted: ${errorText(err)}`);
    }
  };
  const busy = form.formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} noValidate className="card form-card avatar-form" aria-labelledby="avatar-title">
      <h2 id="avatar-title">Avatar</h2>
      <Notice>{notice}</Notice>
      <ErrorAlert>{form.formError ?? deleteError}</ErrorAlert>
      <div className="avatar-current">
        {current ? <Avatar url={current} size={96} alt={`${whose} avatar`} /> : <p className="muted">No avatar.</p>}
        {preview ? <img className="avatar" src={preview} width={96} height={96} alt="Preview of the chosen image" /> : null}
      </div>
      <Field label="Image" type="file" accept={TYPES.join(',')} name={image.name} ref={image.ref} onChange={(e) => { void choose(e); }}
        hint="PNG, JPEG, GIF or WebP, at most 1 MiB and 4096 pixels a side unless the host allows more." error={image.error} />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Uploading…' : 'Upload avatar'}</button>
        {current ? <ConfirmButton label="Delete avatar" question={`Delete ${whose} avatar?`} confirmLabel="Delete avatar" onConfirm={remove}>Delete avatar</ConfirmButton> : null}
      </div>
    </form>
  );
}

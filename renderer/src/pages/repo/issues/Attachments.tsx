/** Files attached to an issue or a comment: downloads (with the session, so private ones work) and an upload form. */
import { useState } from 'react';
import type { Attachment } from '../../../api/types.ts';
import type { GeneralAttachmentSettings } from '../../../../../server/structs/misc.ts';
import { useAuth } from '../../../auth.tsx';
import { useLoad } from '../../../use-load.ts';

const size = (n: number) => (n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1024 / 1024).toFixed(1)} MiB`);

/** The files `assets` of the thing at API path `path` (`.../assets`); `canUpload` shows the form. */
export function Attachments({ assets, path, canUpload, label, onDone, onError }: {
  assets: Attachment[]; path: string; canUpload: boolean; label: string; onDone(): void; onError(message: string): void;
}) {
  const { api } = useAuth();
  const [busy, setBusy] = useState(false);
  // The host's [attachment] settings: how many files one upload may carry (Gitea's dropzone limit).
  const limits = useLoad(() => api.get<GeneralAttachmentSettings>('/api/v1/settings/attachment'), 'settings-attachment');
  const maxFiles = limits.data?.max_files ?? 1;
  const download = async (a: Attachment) => {
    const token = api.currentToken();
    const res = await fetch(new URL(a.browser_download_url).pathname, { headers: token ? { Authorization: `token ${token}` } : {} });
    if (!res.ok) { onError(`${a.name} could not be downloaded (HTTP ${res.status}).`); return; }
    const url = URL.createObjectURL(await res.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = a.name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  const upload = async (files: File[]) => {
    if (files.length > maxFiles) { onError(`You cannot upload any more files. At most ${maxFiles} at once.`); return; }
    setBusy(true);
    try {
      for (const file of files) {
        const form = new FormData();
        form.append('attachment', file, file.name);
        await api.request('POST', path, { body: form });
      }
      onDone();
    } catch (err) {
      onError(`The file was not attached: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setBusy(false);
    }
  };
  if (!assets.length && !canUpload) return null;
  return (
    <div className="attachments" aria-label={`Files of ${label}`} role="group">
      {assets.length ? (
        <ul className="plain-list">
          {assets.map((a) => (
            <li key={a.id}>
              <button type="button" className="btn btn-small" onClick={() => void download(a)}>{a.name}</button> <span className="muted">{size(a.size)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {canUpload ? (
        <label className="btn btn-small">
          {busy ? 'Uploading…' : maxFiles > 1 ? `Attach files (up to ${maxFiles})` : 'Attach a file'}
          <input type="file" className="visually-hidden" aria-label={`Attach a file to ${label}`} disabled={busy} multiple={maxFiles > 1}
            onChange={(e) => { const f = [...(e.target.files ?? [])]; e.target.value = ''; if (f.length) void upload(f); }} />
        </label>
      ) : null}
    </div>
  );
}

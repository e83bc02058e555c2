/** A run's artifacts on its page: name, size, expiry, a download (the zip through the API's signed redirect) and delete for writers. */
import { useState } from 'react';
import type { ActionArtifact } from '../../../../../server/structs/actions.ts';
import { useAuth } from '../../../auth.tsx';
import { errorText } from '../../../api/client.ts';
import { ErrorAlert } from '../../../components/Alert.tsx';
import { useLoad } from '../../../use-load.ts';
import { useRepo } from '../repo-context.tsx';

const size = (n: number): string => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MiB` : n >= 1024 ? `${(n / 1024).toFixed(1)} KiB` : `${n} B`);

/** The artifacts section of a run page. */
export function RunArtifacts({ runId }: { runId: number }) {
  const { api } = useAuth();
  const { api: base, repo } = useRepo();
  const [error, setError] = useState<string | null>(null);
  const list = useLoad(async () => (await api.request<{ artifacts: ActionArtifact[] }>('GET', `${base}/actions/runs/${runId}/artifacts`)).data.artifacts, `${base}/actions/runs/${runId}/artifacts`);
  const download = async (a: ActionArtifact) => {
    setError(null);
    try {
      const token = api.currentToken();
      const res = await fetch(a.archive_download_url, { headers: token ? { Authorization: `token ${token}` } : {} });
      if (!res.ok) throw new Error(`download failed (${res.status})`);
      const url = URL.createObjectURL(await res.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = `${a.name}.zip`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) { setError(errorText(err)); }
  };
  const remove = async (a: ActionArtifact) => {
    setError(null);
    try { await api.request('DELETE', `${base}/actions/artifacts/${a.id}`); list.reload(); } catch (err) { setError(errorText(err)); }
  };
  if (!list.data?.length && !list.error && !error) return null;
  return (
    <div>
      <h3>Artifacts</h3>
      <ErrorAlert>{list.error ?? error}</ErrorAlert>
      <div className="table-wrap">
      <table className="table" aria-label="Artifacts"><thead><tr><th scope="col">Name</th><th scope="col">Size</th><th scope="col">Expires</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
        <tbody>{list.data?.map((a) => (
          <tr key={a.id}>
            <td>{a.name}</td><td>{size(a.size_in_bytes)}</td><td>{a.expired ? 'expired' : new Date(a.expires_at).toLocaleDateString()}</td>
            <td><div className="row-actions">
              {a.expired ? null : <button type="button" className="btn btn-small" onClick={() => void download(a)}>Download {a.name}</button>}
              {repo.permissions?.push ? <button type="button" className="btn btn-danger-outline btn-small" onClick={() => void remove(a)}>Delete {a.name}</button> : null}
            </div></td>
          </tr>
        ))}</tbody>
      </table>
      </div>
    </div>
  );
}

/** Deletes another account after confirmation, optionally with everything it owns; shows refusals in place. */
import { useEffect, useId, useRef, useState } from 'react';
import { errorText, seg } from '../api/client.ts';
import { useAuth } from '../auth.tsx';

interface Props {
  login: string;
  onDeleted(): void;
}

/** A Delete button that opens an inline confirmation with a "purge" choice. */
export function DeleteUser({ login, onDeleted }: Props) {
  const { api } = useAuth();
  const [asking, setAsking] = useState(false);
  const [purge, setPurge] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const purgeId = useId();
  const firstRef = useRef<HTMLInputElement>(null);
  useEffect(() => { if (asking) firstRef.current?.focus(); }, [asking]);

  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.delete(`/api/v1/admin/users/${seg(login)}`, { query: { purge: purge || undefined } });
      setAsking(false);
      onDeleted();
    } catch (err) {
      setError(`${login} was not deleted: ${errorText(err)}`);
    } finally {
      setBusy(false);
    }
  };

  if (!asking) {
    return (
      <span className="delete-user">
        <button type="button" className="btn btn-small btn-danger-outline" aria-label={`Delete ${login}`} onClick={() => setAsking(true)}>Delete</button>
        {error ? <span className="inline-error" role="alert">{error}</span> : null}
      </span>
    );
  }
  return (
    <div className="confirm" role="group" aria-label={`Delete ${login}`} onKeyDown={(e) => { if (e.key === 'Escape') setAsking(false); }}>
      <span className="confirm-question">Delete {login}?</span>
      <span className="checkbox-inline">
        <input id={purgeId} ref={firstRef} type="checkbox" checked={purge} onChange={(e) => setPurge(e.target.checked)} />
        <label htmlFor={purgeId}>Also delete their repositories and everything else they own</label>
      </span>
      <button type="button" className="btn btn-small btn-danger" disabled={busy} onClick={() => { void run(); }}>{busy ? 'Deleting…' : `Delete ${login}`}</button>
      <button type="button" className="btn btn-small" onClick={() => { setAsking(false); setError(null); }}>Cancel</button>
      {error ? <span className="inline-error" role="alert">{error}</span> : null}
    </div>
  );
}

/** A transfer waiting for its recipient (the repository's `repo_transfer`): Accept and Reject for the recipient, Cancel for the owner. */
import { useState } from 'react';
import { errorText, seg } from '../../api/client.ts';
import type { Repository } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert } from '../../components/Alert.tsx';
import { useRouter } from '../../router.tsx';

interface Props {
  repo: Repository;
  /** `/api/v1/repos/{owner}/{name}` */
  api: string;
  /** Called with the repository after a step that keeps it here (rejected, cancelled). */
  replace(repo: Repository): void;
}

/** The notice of a pending transfer with the buttons the viewer may use; nothing when no transfer waits. */
export function PendingTransfer({ repo, api: base, replace }: Props) {
  const { api, state } = useAuth();
  const { navigate } = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const t = repo.repo_transfer;
  if (!t) return null;
  const me = state.kind === 'signed-in' ? state.user : null;
  // The recipient or a site admin decides (the host checks again, also for an organization's owners).
  const mayDecide = !!me && (me.login === t.recipient.login || me.is_admin);
  const mayCancel = !!repo.permissions?.admin && me?.login !== t.recipient.login;
  const step = (action: 'accept' | 'reject' | 'cancel') => async () => {
    setBusy(true);
    setError(null);
    try {
      const path = action === 'cancel' ? `/api/homeforge/repos/${seg(repo.owner.login)}/${seg(repo.name)}/transfer/cancel` : `${base}/transfer/${action}`;
      const r = await api.post<Repository>(path);
      if (action === 'accept') navigate(`/${seg(r.owner.login)}/${seg(r.name)}`);
      else replace(r);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card pending-transfer" aria-labelledby="pending-transfer-title">
      <h2 id="pending-transfer-title">Transfer waiting for {t.recipient.login}</h2>
      <p>{t.doer.login} asked to transfer this repository to {t.recipient.login}{t.teams.length ? ` (teams: ${t.teams.map((x) => x.name).join(', ')})` : ''}. It stays here until {t.recipient.login} accepts.</p>
      <ErrorAlert>{error}</ErrorAlert>
      <div className="form-actions">
        {mayDecide ? <button type="button" className="btn btn-primary" disabled={busy} onClick={step('accept')}>Accept transfer</button> : null}
        {mayDecide ? <button type="button" className="btn" disabled={busy} onClick={step('reject')}>Reject transfer</button> : null}
        {mayCancel ? <button type="button" className="btn" disabled={busy} onClick={step('cancel')}>Cancel transfer</button> : null}
      </div>
    </section>
  );
}


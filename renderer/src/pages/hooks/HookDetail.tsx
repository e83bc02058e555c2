/** One webhook: its settings at a glance, on/off, test, delete, and its delivery history with replay. */
import { useEffect, useState } from 'react';
import { errorText } from '../../api/client.ts';
import type { Hook, HookDelivery } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert, Notice } from '../../components/Alert.tsx';
import { ConfirmButton } from '../../components/ConfirmButton.tsx';
import { Link, useRouter } from '../../router.tsx';
import { useLoad } from '../../use-load.ts';
import { useList } from '../../use-list.ts';
import { Pager } from '../../components/Pager.tsx';
import { DeliveryItem } from './DeliveryItem.tsx';
import { HookForm } from './HookForm.tsx';

interface Props {
  /** e.g. `/api/v1/repos/o/r/hooks/3` */
  apiPath: string;
  /** The list page to return to. */
  listPath: string;
  /** Repository hooks can send a test delivery. */
  canTest?: boolean;
}

function useDeliveries(apiPath: string) {
  const list = useList<HookDelivery>(`${apiPath}/deliveries`);
  const waiting = list.items?.some((d) => !d.is_delivered) ?? false;
  // The history follows new events: read again every few seconds, faster while a delivery is still waiting.
  useEffect(() => {
    const t = setInterval(() => { if (document.visibilityState === 'visible') list.reload(); }, waiting ? 1500 : 4000);
    return () => clearInterval(t);
  }, [waiting, list.reload]);
  return list;
}

/** The hook page. */
export function HookDetail({ apiPath, listPath, canTest }: Props) {
  const { api } = useAuth();
  const { navigate } = useRouter();
  const hook = useLoad(() => api.get<Hook>(apiPath), apiPath);
  const deliveries = useDeliveries(apiPath);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const act = async (what: () => Promise<void>) => {
    setError(null);
    setNotice(null);
    try {
      await what();
    } catch (err) {
      setError(errorText(err));
    }
  };
  const h = hook.data;
  return (
    <div>
      <p><Link to={listPath}>← All webhooks</Link></p>
      <ErrorAlert>{hook.error ?? error}</ErrorAlert>
      <Notice>{notice}</Notice>
      {h ? (
        <section className="card" aria-labelledby="hook-title">
          <h2 id="hook-title" className="hook-url">{h.config.url}</h2>
          <dl className="facts">
            <dt>Kind</dt><dd>{h.type}, {h.config.content_type === 'form' ? 'form body' : 'JSON body'}</dd>
            <dt>Events</dt><dd>{h.events.join(', ') || 'push'}</dd>
            <dt>Branch filter</dt><dd><code>{h.branch_filter || '*'}</code></dd>
            <dt>State</dt><dd>{h.active ? 'active' : 'inactive: events are not sent'}</dd>
          </dl>
          <div className="form-actions">
            <button type="button" className="btn" onClick={() => { void act(async () => { hook.set(await api.patch<Hook>(apiPath, { active: !h.active })); setNotice(h.active ? 'The webhook is off.' : 'The webhook is on.'); }); }}>
              {h.active ? 'Turn off' : 'Turn on'}
            </button>
            {canTest ? <button type="button" className="btn" onClick={() => { void act(async () => { await api.post(`${apiPath}/tests`); setNotice('A test push event is on its way.'); deliveries.reload(); }); }}>Send a test delivery</button> : null}
            <button type="button" className="btn" aria-expanded={editing} onClick={() => setEditing((e) => !e)}>{editing ? 'Close the editor' : 'Edit'}</button>
            <ConfirmButton label="Delete this webhook" question="Delete this webhook and its delivery history?" confirmLabel="Delete webhook"
              onConfirm={() => act(async () => { await api.delete(apiPath); navigate(listPath); })}>Delete</ConfirmButton>
          </div>
        </section>
      ) : null}
      {h && editing ? (
        <HookForm key={h.id} apiBase={apiPath} editing={h}
          onCreated={(saved) => { hook.set(saved); setEditing(false); setNotice('The webhook is saved.'); }} />
      ) : null}
      <section className="card" aria-labelledby="deliveries-title">
        <h2 id="deliveries-title">Recent deliveries</h2>
        <ErrorAlert>{deliveries.error}</ErrorAlert>
        {deliveries.items?.length === 0 ? <p className="muted">Nothing sent yet. Deliveries appear here after the next matching event{canTest ? ', or send a test delivery' : ''}.</p> : null}
        {deliveries.items && deliveries.items.length > 0 ? (
          <ul className="delivery-list" aria-label="Deliveries">
            {deliveries.items.map((d) => <DeliveryItem key={d.uuid} d={d} apiBase={`${apiPath}/deliveries`} onReplayed={(n) => { setNotice(`Replayed as delivery ${n.uuid.slice(0, 8)}.`); deliveries.reload(); }} />)}
          </ul>
        ) : null}
        {deliveries.items ? <Pager list={deliveries} /> : null}
      </section>
    </div>
  );
}

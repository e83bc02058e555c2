/** One delivery of a webhook: status, and on demand its request, response and a replay button. */
import { useState } from 'react';
import { errorText, seg } from '../../api/client.ts';
import type { HookDelivery } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { When } from '../../components/When.tsx';

function Headers({ h }: { h: Record<string, string> }) {
  return <pre className="http-headers">{Object.entries(h).map(([k, v]) => `${k}: ${v}`).join('\n') || '(none)'}</pre>;
}

function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function outcome(d: HookDelivery): { text: string; cls: string } {
  if (!d.is_delivered) return { text: 'waiting to be sent', cls: 'badge-muted' };
  if (d.is_succeed) return { text: `delivered${d.response ? ` (${d.response.status})` : ''}`, cls: 'badge-ok' };
  return { text: d.response?.status ? `failed (${d.response.status})` : 'failed', cls: 'badge-warn' };
}

function Detail({ d }: { d: HookDelivery }) {
  return (
    <div className="delivery-detail">
      <section aria-label="Request">
        <h4>Request</h4>
        {d.request ? (
          <>
            <p><code>{d.request.http_method} {d.request.url}</code></p>
            <Headers h={d.request.headers} />
            <pre className="http-body" tabIndex={0} aria-label="Request body">{pretty(d.request.body)}</pre>
          </>
        ) : <p className="muted">Not sent yet.</p>}
      </section>
      <section aria-label="Response">
        <h4>Response</h4>
        {d.response ? (
          <>
            <p><code>HTTP {d.response.status || '(no answer)'}</code></p>
            <Headers h={d.response.headers} />
            <pre className="http-body" tabIndex={0} aria-label="Response body">{d.response.body || '(empty)'}</pre>
          </>
        ) : <p className="muted">{d.is_delivered ? 'No response: the request failed before an answer came.' : 'No response yet.'}</p>}
      </section>
    </div>
  );
}

/** A delivery row; `apiBase` is the hook's deliveries path. */
export function DeliveryItem({ d, apiBase, onReplayed }: { d: HookDelivery; apiBase: string; onReplayed(d: HookDelivery): void }) {
  const { api } = useAuth();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const o = outcome(d);
  const replay = async () => {
    setBusy(true);
    setError(null);
    try {
      onReplayed(await api.post<HookDelivery>(`${apiBase}/${seg(d.uuid)}/replay`));
    } catch (err) {
      setError(`The replay failed: ${errorText(err)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="delivery">
      <div className="delivery-head">
        <button type="button" className="btn btn-small btn-ghost" aria-expanded={open} onClick={() => setOpen(!open)}
          aria-label={`${open ? 'Hide' : 'Show'} request and response of delivery ${d.uuid}`}>{open ? '▾' : '▸'}</button>
        <code className="delivery-uuid" title={d.uuid}>{d.uuid.slice(0, 8)}</code>
        <span className="badge badge-muted">{d.event}</span>
        {d.is_test ? <span className="badge badge-muted delivery-test" title="Sent by the Test button, not by an event">test</span> : null}
        <span className={`badge ${o.cls}`}>{o.text}</span>
        <span className="muted"><When iso={d.delivered} /></span>
        {d.attempt > 1 ? <span className="muted delivery-attempt">attempt {d.attempt}</span> : null}
        {d.next_retry ? <span className="muted delivery-retry">next try <When iso={d.next_retry} /></span> : null}
        <button type="button" className="btn btn-small delivery-replay" disabled={busy || !d.is_delivered} onClick={() => { void replay(); }}
          aria-label={`Replay delivery ${d.uuid}`}>{busy ? 'Replaying…' : 'Replay'}</button>
      </div>
      {error ? <p className="inline-error" role="alert">{error}</p> : null}
      {open ? <Detail d={d} /> : null}
    </li>
  );
}

/** Settings: turn two-factor authentication (TOTP) on with a QR code and a confirming code, or off again. */
import { useEffect, useState } from 'react';
import { errorText } from '../api/client.ts';
import type { TwoFactorEnrolment, TwoFactorStatus } from '../api/types.ts';
import { useAuth } from '../auth.tsx';
import { ErrorAlert, FormError, Notice } from '../components/Alert.tsx';
import { CloneUrl } from '../components/CloneUrl.tsx';
import { Field } from '../components/Field.tsx';
import { Page } from '../components/Layout.tsx';
import { useSubmit } from '../use-submit.ts';
import { SettingsNav } from './admin-nav.tsx';

const BASE = '/api/homeforge/user/two-factor';

function CodeForm({ label, button, danger, onCode }: { label: string; button: string; danger?: boolean; onCode(code: string): Promise<void> }) {
  const [code, setCode] = useState('');
  const submit = useSubmit(() => onCode(code), ['code']);
  return (
    <form onSubmit={submit.onSubmit} noValidate className="inline-form">
      <FormError error={submit.error} fields={submit.fields} />
      <Field label={label} name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} required
        hint="6 digits, from your authenticator app." error={submit.fields.code} value={code} onChange={(e) => setCode(e.target.value.trim())} />
      <button type="submit" className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`} disabled={submit.busy}>{button}</button>
    </form>
  );
}

function Enrolment({ e, onConfirm }: { e: TwoFactorEnrolment; onConfirm(code: string): Promise<void> }) {
  return (
    <section className="card" aria-labelledby="enrol-title">
      <h2 id="enrol-title">Scan the code with your authenticator app</h2>
      <div className="enrol">
        <img src={e.qr_code} width={200} height={200} alt="QR code holding your two-factor secret for an authenticator app" className="qr" />
        <div className="enrol-steps">
          <ol>
            <li>Open an authenticator app (for example FreeOTP, Aegis, Google Authenticator or 1Password).</li>
            <li>Scan the QR code, or type the secret below by hand.</li>
            <li>Enter the 6-digit code the app shows to confirm.</li>
          </ol>
          <CloneUrl url={e.secret} label="two-factor secret" visibleLabel="Secret" />
          <CodeForm label="Code from the app" button="Confirm and turn on" onCode={onConfirm} />
        </div>
      </div>
    </section>
  );
}

/** Shows the status and the enrolment or removal steps. */
export function TwoFactorPage() {
  const { api } = useAuth();
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    api.get<TwoFactorStatus>(BASE).then(setStatus, (err: unknown) => setError(errorText(err)));
  }, [api]);

  const start = async () => {
    setError(null);
    setNotice(null);
    try {
      setEnrolment(await api.post<TwoFactorEnrolment>(`${BASE}/enrolment`));
    } catch (err) {
      setError(errorText(err));
    }
  };
  const confirm = async (code: string) => {
    setStatus(await api.post<TwoFactorStatus>(`${BASE}/confirm`, { code }));
    setEnrolment(null);
    setNotice('Two-factor authentication is on. From now on, signing in with your password also needs a code; git and API clients use access tokens.');
  };
  const remove = async (code: string) => {
    await api.request('DELETE', BASE, { body: { code } });
    setStatus({ enabled: false, pending: false });
    setNotice('Two-factor authentication is off.');
  };
  return (
    <Page title="Two-factor authentication">
      <SettingsNav />
      <ErrorAlert>{error}</ErrorAlert>
      <Notice>{notice}</Notice>
      {status === null && !error ? <p role="status" className="loading">Loading…</p> : null}
      {status?.enabled ? (
        <section className="card" aria-labelledby="tf-on">
          <h2 id="tf-on">Two-factor authentication is on <span className="badge badge-ok">on</span></h2>
          <p>To turn it off, enter a current code from your authenticator app.</p>
          <CodeForm label="Current code" button="Turn off two-factor authentication" danger onCode={remove} />
        </section>
      ) : null}
      {status && !status.enabled && !enrolment ? (
        <section className="card" aria-labelledby="tf-off">
          <h2 id="tf-off">Two-factor authentication is off</h2>
          <p>With it on, signing in needs a code from an app on your phone as well as your password. Access tokens keep working as they are.</p>
          <button type="button" className="btn btn-primary" onClick={() => { void start(); }}>Set up two-factor authentication</button>
        </section>
      ) : null}
      {enrolment ? <Enrolment e={enrolment} onConfirm={confirm} /> : null}
    </Page>
  );
}

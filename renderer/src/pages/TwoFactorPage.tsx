/** Settings: turn two-factor authentication (TOTP) on with a QR code and a confirming code, or off again. */
import { useEffect, useState } from 'react';
import { errorText } from '../api/client.ts';
import type { TwoFactorEnrolment, TwoFactorStatus } from '../api/types.ts';
import { useAuth } from '../auth.tsx';
import { ErrorAlert, Notice } from '../components/Alert.tsx';
import { CloneUrl } from '../components/CloneUrl.tsx';
import { Field } from '../components/Field.tsx';
import { Page } from '../components/Layout.tsx';
import { useApiForm } from '../zod-form.ts';
import { TwoFactorCodeOption } from '../../../server/structs/homeforge.ts';
import { SettingsNav } from './admin-nav.tsx';

const BASE = '/api/homeforge/user/two-factor';

function CodeForm({ label, button, danger, recovery, onCode }: { label: string; button: string; danger?: boolean; recovery?: boolean; onCode(code: string): Promise<void> }) {
  const form = useApiForm<{ code: string }>(TwoFactorCodeOption, { code: '' });
  const onSubmit = form.submit(({ code }) => onCode(code.trim()));
  return (
    <form onSubmit={onSubmit} className="inline-form">
      <ErrorAlert>{form.formError}</ErrorAlert>
      <Field label={label} inputMode={recovery ? 'text' : 'numeric'} autoComplete="one-time-code" {...form.field('code')}
        pattern={recovery ? undefined : '[0-9]{6}'} maxLength={recovery ? 11 : 6}
        hint={recovery ? '6 digits from your authenticator app, or one of your recovery codes.' : '6 digits, from your authenticator app.'} />
      <button type="submit" className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`} disabled={form.formState.isSubmitting}>{button}</button>
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

/** New recovery codes, shown once, with how to keep them. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section className="card" aria-labelledby="rc-title">
      <h2 id="rc-title">Your recovery codes</h2>
      <p>Keep these somewhere safe. Each code works once, in place of a code from your app, if you lose your phone. They are shown only now.</p>
      <ul className="recovery-codes" aria-label="Recovery codes">{codes.map((c) => <li key={c}><code>{c}</code></li>)}</ul>
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
  const regenerate = async () => {
    setError(null);
    try {
      setStatus(await api.post<TwoFactorStatus>(`${BASE}/recovery-codes`));
      setNotice('New recovery codes were made; the old ones no longer work.');
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
    setStatus({ enabled: false, pending: false, recovery_codes_left: 0 });
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
          <p>To turn it off, enter a current code from your authenticator app or a recovery code.</p>
          <CodeForm label="Current code" button="Turn off two-factor authentication" danger recovery onCode={remove} />
          <h3>Recovery codes</h3>
          <p>{status.recovery_codes_left} of 10 recovery codes are unused.</p>
          <button type="button" className="btn" onClick={() => { void regenerate(); }}>Make new recovery codes</button>
        </section>
      ) : null}
      {status?.recovery_codes?.length ? <RecoveryCodes codes={status.recovery_codes} /> : null}
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

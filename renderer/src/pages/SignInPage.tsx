/**
 * Sign-in: first Negotiate, when the host has Windows sign-in on and the browser answers it by itself (a browser on
 * the domain); else user name and password, then the two-factor passcode when the account has one.
 */
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../api/client.ts';
import type { SessionAnswer } from '../api/types.ts';
import { useAuth } from '../auth.tsx';
import { AuthCard } from '../components/AuthCard.tsx';
import { FormError, Notice } from '../components/Alert.tsx';
import { Field } from '../components/Field.tsx';
import { useSubmit } from '../use-submit.ts';

/** True when the host refused the sign-in because the second factor is missing. */
function wantsOtp(err: unknown): boolean {
  if (!(err instanceof ApiError) || err.status !== 401) return false;
  return err.headers.get('X-Gitea-OTP') === 'required' || /\b(otp|passcode|two-factor|2fa|totp)\b/i.test(err.message);
}

type NegotiateOutcome = 'trying' | 'offered' | 'off';

/** Asks the host for a session with the browser's own credentials: the 401 carries the Negotiate challenge. */
async function tryNegotiate(): Promise<SessionAnswer | NegotiateOutcome> {
  try {
    const res = await fetch('/api/homeforge/auth/negotiate', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    if (res.ok) return (await res.json()) as SessionAnswer;
    return res.status === 401 ? 'offered' : 'off';
  } catch {
    return 'off';
  }
}

/** The sign-in form; `notice` explains why it is shown (signed out, session ended). */
export function SignInPage({ notice }: { notice?: string | undefined }) {
  const { api, begin } = useAuth();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [needOtp, setNeedOtp] = useState(false);
  const [info, setInfo] = useState(notice);
  const otpRef = useRef<HTMLInputElement>(null);
  const [negotiate, setNegotiate] = useState<NegotiateOutcome>('trying');

  const signInWithNegotiate = async (): Promise<void> => {
    setNegotiate('trying');
    const answer = await tryNegotiate();
    if (typeof answer === 'string') setNegotiate(answer);
    else begin(answer);
  };

  useEffect(() => {
    // Once, on arrival: a browser on the domain signs in without a form. Not after signing out.
    if (notice) setNegotiate('off');
    else void signInWithNegotiate();
  }, []);

  useEffect(() => {
    if (needOtp) otpRef.current?.focus();
  }, [needOtp]);

  const submit = useSubmit(async () => {
    setInfo(undefined);
    try {
      const answer = await api.post<SessionAnswer>('/api/homeforge/session', { username, password, ...(needOtp ? { otp } : {}) }, { anonymous: true });
      begin(answer);
    } catch (err) {
      if (needOtp || !wantsOtp(err)) throw err;
      // Not a failure: the password was right and the second step follows.
      setNeedOtp(true);
      setInfo('This account uses two-factor authentication. Enter the 6-digit passcode from your authenticator app.');
    }
  }, ['otp']);

  return (
    <AuthCard title="Sign in">
      <Notice>{info}</Notice>
      {negotiate === 'offered' ? (
        <p className="muted" data-testid="negotiate-offer">
          Windows sign-in did not work in this browser.{' '}
          <button type="button" className="btn btn-small" onClick={() => { void signInWithNegotiate(); }}>Try Windows sign-in again</button>
        </p>
      ) : null}
      <form onSubmit={submit.onSubmit} noValidate>
        <FormError error={submit.error} fields={submit.fields} />
        <Field label="User name or email" name="username" autoComplete="username" required autoFocus
          value={username} onChange={(e) => setUsername(e.target.value)} />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required
          value={password} onChange={(e) => setPassword(e.target.value)} />
        {needOtp ? (
          <Field label="Two-factor passcode" name="otp" ref={otpRef} inputMode="numeric" autoComplete="one-time-code"
            pattern="[0-9]{6}" maxLength={6} required hint="The 6-digit code your authenticator app shows for Homeforge."
            error={submit.fields.otp} value={otp} onChange={(e) => setOtp(e.target.value.trim())} />
        ) : null}
        <button type="submit" className="btn btn-primary btn-block" disabled={submit.busy}>{submit.busy ? 'Signing in…' : 'Sign in'}</button>
      </form>
    </AuthCard>
  );
}

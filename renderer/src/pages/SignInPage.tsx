/**
 * Sign-in: first Negotiate, when the host has Windows sign-in on and the browser answers it by itself (a browser on
 * the domain); else user name and password, then the two-factor passcode (or a recovery code) when the account has one.
 */
import { useEffect, useState } from 'react';
import { SignInOption } from '../../../server/structs/homeforge.ts';
import { ApiError } from '../api/client.ts';
import type { SessionAnswer } from '../api/types.ts';
import { useAuth } from '../auth.tsx';
import { AuthCard } from '../components/AuthCard.tsx';
import { ErrorAlert, Notice } from '../components/Alert.tsx';
import { Field } from '../components/Field.tsx';
import { useApiForm } from '../zod-form.ts';

type Values = { username: string; password: string; otp: string };

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
  const [needOtp, setNeedOtp] = useState(false);
  const [info, setInfo] = useState(notice);
  const form = useApiForm<Values>(SignInOption, { username: '', password: '', otp: '' });
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

  const { setFocus } = form;
  useEffect(() => {
    if (needOtp) setFocus('otp');
  }, [needOtp, setFocus]);

  const onSubmit = form.submit(async ({ username, password, otp }) => {
    setInfo(undefined);
    try {
      const answer = await api.post<SessionAnswer>('/api/homeforge/session', { username, password, ...(needOtp ? { otp: otp.trim() } : {}) }, { anonymous: true });
      begin(answer);
    } catch (err) {
      if (needOtp || !wantsOtp(err)) throw err;
      // Not a failure: the password was right and the second step follows.
      setNeedOtp(true);
      setInfo('This account uses two-factor authentication. Enter the 6-digit passcode from your authenticator app, or one of your recovery codes.');
    }
  });
  const busy = form.formState.isSubmitting;

  return (
    <AuthCard title="Sign in">
      <Notice>{info}</Notice>
      {negotiate === 'offered' ? (
        <p className="muted" data-testid="negotiate-offer">
          Windows sign-in did not work in this browser.{' '}
          <button type="button" className="btn btn-small" onClick={() => { void signInWithNegotiate(); }}>Try Windows sign-in again</button>
        </p>
      ) : null}
      <form onSubmit={onSubmit} noValidate>
        <ErrorAlert>{form.formError}</ErrorAlert>
        <Field label="User name or email" autoComplete="username" autoFocus {...form.field('username')} />
        <Field label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
        {needOtp ? (
          <Field label="Two-factor passcode" autoComplete="one-time-code" required
            hint="The 6-digit code your authenticator app shows for Homeforge, or a recovery code such as k3m9q-7xw2a (each works once)."
            {...form.field('otp')} />
        ) : null}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>{busy ? 'Signing in…' : 'Sign in'}</button>
      </form>
    </AuthCard>
  );
}

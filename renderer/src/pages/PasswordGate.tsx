/** Asks the signed-in user for their password (and passcode) where Gitea's API takes basic auth only. */
import { useState } from 'react';
import { ApiError, type RequestOptions } from '../api/client.ts';
import { useUser } from '../auth.tsx';
import { FormError } from '../components/Alert.tsx';
import { Field } from '../components/Field.tsx';
import { useSubmit } from '../use-submit.ts';

export type Credentials = NonNullable<RequestOptions['basic']>;

/** True when a request was refused because it needs a password rather than the session token. */
export function needsPassword(err: unknown): boolean {
  return err instanceof ApiError && err.status === 401;
}

function wantsOtp(err: unknown): boolean {
  return err instanceof ApiError && err.status === 401 && (err.headers.get('X-Gitea-OTP') === 'required' || /\b(otp|passcode|two-factor)\b/i.test(err.message));
}

interface Props {
  /** Why the password is asked, e.g. "Managing access tokens needs your password." */
  reason: string;
  /** Credentials whose one-time code was spent: only a new code is asked for. */
  spent?: Credentials | null;
  /** Tries the credentials; throws the API's error when they are refused. */
  onCredentials(c: Credentials): Promise<void>;
}

/** A small form: password, then a passcode when the account has two-factor authentication. */
export function PasswordGate({ reason, spent, onCredentials }: Props) {
  const me = useUser();
  const [password, setPassword] = useState(spent?.password ?? '');
  const [otp, setOtp] = useState('');
  const [needOtp, setNeedOtp] = useState(!!spent?.otp);
  const submit = useSubmit(async () => {
    try {
      await onCredentials({ username: me.login, password, ...(needOtp ? { otp } : {}) });
    } catch (err) {
      if (!needOtp && wantsOtp(err)) {
        setNeedOtp(true);
        throw new Error('Your account uses two-factor authentication: enter the passcode from your authenticator app too.', { cause: err });
      }
      if (needsPassword(err)) throw new Error(`The password${needOtp ? ' or passcode' : ''} is wrong: ${(err as Error).message}`, { cause: err });
      throw err;
    }
  });
  return (
    <form onSubmit={submit.onSubmit} noValidate className="card form-card password-gate" aria-label="Confirm your password">
      <h2>Confirm it is you</h2>
      <p>{spent?.otp ? 'Each two-factor code works once: enter the next code from your authenticator app to go on.' : `${reason} Homeforge keeps it in this page only and forgets it when you leave.`}</p>
      <FormError error={submit.error} fields={submit.fields} />
      {spent?.otp ? null : (
        <Field label={`Password of ${me.login}`} name="password" type="password" autoComplete="current-password" required autoFocus
          value={password} onChange={(e) => setPassword(e.target.value)} />
      )}
      {needOtp ? (
        <Field label="Two-factor passcode" name="otp" inputMode="numeric" autoComplete="one-time-code" maxLength={6} required autoFocus
          value={otp} onChange={(e) => setOtp(e.target.value.trim())} />
      ) : null}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={submit.busy}>Continue</button>
      </div>
    </form>
  );
}

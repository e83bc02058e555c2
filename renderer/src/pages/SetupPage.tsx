/** First run: creates the administrator account when the host has no user yet. */
import { useState } from 'react';
import type { SessionAnswer } from '../api/types.ts';
import { useAuth } from '../auth.tsx';
import { AuthCard } from '../components/AuthCard.tsx';
import { FormError } from '../components/Alert.tsx';
import { Field } from '../components/Field.tsx';
import { FieldError, useSubmit } from '../use-submit.ts';

/** True when the page was opened on this machine's loopback address, where no first-run code is needed. */
const onLoopback = (): boolean => /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(window.location.hostname);

/** The first-run form: user name, email, password twice (and, from another machine, the code); signs the new admin in. */
export function SetupPage() {
  const { api, begin } = useAuth();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [code, setCode] = useState('');
  const remote = !onLoopback();
  const mismatch = repeat !== '' && password !== repeat;

  const submit = useSubmit(async () => {
    if (password !== repeat) throw new FieldError('repeat', 'The two passwords differ. Type the same password twice.');
    begin(await api.post<SessionAnswer>('/api/homeforge/setup', { username, email, password, ...(remote ? { code } : {}) }, { anonymous: true }));
  }, ['username', 'email', 'password', 'code']);

  return (
    <AuthCard title="Welcome to Homeforge" intro={<p>This host has no account yet. Create the administrator: this account manages users, repositories and settings.</p>}>
      <form onSubmit={submit.onSubmit} noValidate>
        <FormError error={submit.error} fields={submit.fields} />
        <Field label="Administrator user name" name="username" autoComplete="username" required autoFocus
          error={submit.fields.username} value={username} onChange={(e) => setUsername(e.target.value)} />
        <Field label="Email address" name="email" type="email" autoComplete="email" required
          error={submit.fields.email} value={email} onChange={(e) => setEmail(e.target.value)} />
        <Field label="Password" name="password" type="password" autoComplete="new-password" required minLength={8}
          hint="At least 8 characters." error={submit.fields.password} value={password} onChange={(e) => setPassword(e.target.value)} />
        <Field label="Repeat the password" name="repeat" type="password" autoComplete="new-password" required
          error={submit.fields.repeat ?? (mismatch ? 'The two passwords differ.' : undefined)} value={repeat} onChange={(e) => setRepeat(e.target.value)} />
        {remote && (
          <Field label="One-time setup code" name="code" autoComplete="off" required
            hint="Printed by the host when it started. Only someone at that machine can set it up from another one."
            error={submit.fields.code} value={code} onChange={(e) => setCode(e.target.value)} />
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={submit.busy}>{submit.busy ? 'Creating…' : 'Create administrator and sign in'}</button>
      </form>
    </AuthCard>
  );
}

/** First run: creates the administrator account when the host has no user yet. */
import { z } from 'zod';
import { userNameProblem } from '../../../server/lib/names.ts';
import { SetupOption } from '../../../server/structs/homeforge.ts';
import type { SessionAnswer } from '../api/types.ts';
import { useAuth } from '../auth.tsx';
import { AuthCard } from '../components/AuthCard.tsx';
import { ErrorAlert } from '../components/Alert.tsx';
import { Field } from '../components/Field.tsx';
import { useApiForm } from '../zod-form.ts';

/** True when the page was opened on this machine's loopback address, where no first-run code is needed. */
const onLoopback = (): boolean => /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(window.location.hostname);

/** The host's minimum password length and its check of an email address (Gitea's). */
const MIN_PASSWORD = 8;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** Why the name is refused, in words; null when the host takes it (or the field's own check already speaks). */
function nameWords(name: string): string | null {
  const problem = name && name.length <= 40 ? userNameProblem(name) : null;
  if (!problem) return null;
  if (/reserved|not allowed/.test(problem)) return `The name ${name} is reserved. Choose another one.`;
  return `${problem[0]!.toUpperCase()}${problem.slice(1)}.`;
}

/**
 * The API's body and the repeated password, which stays in the browser, with the host's own rules for the name,
 * the email address and the password: every problem is shown at once, not one per attempt.
 */
const schema = SetupOption.extend({ repeat: z.string().min(1).max(255) }).superRefine((v, ctx) => {
  const name = nameWords(v.username.trim());
  if (name) ctx.addIssue({ code: 'custom', path: ['username'], message: name });
  const email = v.email.trim();
  if (email && !EMAIL.test(email)) ctx.addIssue({ code: 'custom', path: ['email'], message: 'Enter an email address.' });
  if (v.password && v.password.length < MIN_PASSWORD) ctx.addIssue({ code: 'custom', path: ['password'], message: `Use at least ${MIN_PASSWORD} characters.` });
  if (v.repeat && v.password !== v.repeat) ctx.addIssue({ code: 'custom', path: ['repeat'], message: 'The two passwords differ. Type the same password twice.' });
});
type Values = { username: string; email: string; password: string; repeat: string; code: string };

/** The message of the first field with a problem, to announce. */
const firstError = (errors: Record<string, { message?: string } | undefined>): string | undefined =>
  Object.values(errors).find((e) => e?.message)?.message;

/** The first-run form: user name, email, password twice (and, from another machine, the code); signs the new admin in. */
export function SetupPage() {
  const { api, begin } = useAuth();
  const remote = !onLoopback();
  const form = useApiForm<Values>(schema, { username: '', email: '', password: '', repeat: '', code: '' });
  const [password, repeat] = form.watch(['password', 'repeat']);
  const mismatch = repeat !== '' && password !== repeat;

  const onSubmit = form.submit(async ({ username, email, password: pw, code }) => {
    begin(await api.post<SessionAnswer>('/api/homeforge/setup', { username, email, password: pw, ...(remote ? { code } : {}) }, { anonymous: true }));
  });
  const busy = form.formState.isSubmitting;
  const repeatField = form.field('repeat');

  return (
    <AuthCard title="Welcome to Homeforge" intro={<p>This host has no account yet. Create the administrator: this account manages users, repositories and settings.</p>}>
      <form onSubmit={onSubmit} noValidate>
        {/* A problem shown beside its field is announced too. */}
        <ErrorAlert quiet={!form.formError}>{form.formError ?? firstError(form.formState.errors)}</ErrorAlert>
        <Field label="Administrator user name" autoComplete="username" autoFocus {...form.field('username')} />
        <Field label="Email address" type="email" autoComplete="email" {...form.field('email')} />
        <Field label="Password" type="password" autoComplete="new-password" minLength={8} hint="At least 8 characters." {...form.field('password')} />
        <Field label="Repeat the password" type="password" autoComplete="new-password" {...repeatField}
          error={repeatField.error ?? (mismatch ? 'The two passwords differ.' : undefined)} />
        {remote && (
          <Field label="One-time setup code" autoComplete="off" required
            hint="Printed by the host when it started. Only someone at that machine can set it up from another one."
            {...form.field('code')} />
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>{busy ? 'Creating…' : 'Create administrator and sign in'}</button>
      </form>
    </AuthCard>
  );
}

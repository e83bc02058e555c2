/** Form submission state: busy flag, the error in words and the fields it names. */
import { useCallback, useState, type FormEvent } from 'react';
import { ApiError, errorText } from './api/client.ts';

export interface SubmitState {
  busy: boolean;
  error: string | null;
  /** Field name → message, from the API's 422 answer or from a message that names a field. */
  fields: Record<string, string>;
  onSubmit(e: FormEvent): void;
  clear(): void;
}

/** Words that tie a message without a `[field]` to the field that caused it (e.g. 409 "user already exists"). */
const FIELD_HINTS: [RegExp, string[]][] = [
  [/last admin/i, ['admin']],
  [/interval|invalid duration/i, ['mirror_interval']],
  [/e-?mail/i, ['email']],
  [/passcode|\botp\b|two-factor|totp/i, ['otp', 'code']],
  [/password/i, ['password']],
  [/\b(user|name|username|user name)\b|reserved|already exists/i, ['name', 'username']],
  [/branch/i, ['default_branch']],
  [/object format/i, ['object_format_name']],
];

/** A check made before sending, tied to one field. */
export class FieldError extends Error {
  readonly field: string;

  constructor(field: string, message: string) {
    super(message);
    this.field = field;
  }
}

function fieldsOf(err: unknown, known: string[]): Record<string, string> {
  if (err instanceof FieldError) return { [err.field]: err.message };
  if (!(err instanceof ApiError)) return {};
  if (Object.keys(err.fields).length) return err.fields;
  for (const [re, candidates] of FIELD_HINTS) {
    if (!re.test(err.message)) continue;
    const field = candidates.find((c) => known.includes(c));
    if (field) return { [field]: err.message };
  }
  return {};
}

/** Runs `action` on submit; keeps the API's error message and the fields it names for the form to show. */
export function useSubmit(action: () => Promise<void>, knownFields: string[] = []): SubmitState {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const key = knownFields.join(',');
  const onSubmit = useCallback((e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setFields({});
    action().catch((err: unknown) => {
      setError(errorText(err));
      setFields(fieldsOf(err, key.split(',')));
    }).finally(() => setBusy(false));
  }, [action, key]);
  const clear = useCallback(() => { setError(null); setFields({}); }, []);
  return { busy, error, fields, onSubmit, clear };
}

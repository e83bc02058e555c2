/** Form submission state: busy flag, the error in words and the fields it names. */
import { useCallback, useState, type FormEvent } from 'react';
import { ApiError, errorText } from './api/client.ts';

export interface SubmitState {
  busy: boolean;
  error: string | null;
  /** Field name → message, from the API's structured 422 `errors` list (or a 409's taken name). */
  fields: Record<string, string>;
  onSubmit(e: FormEvent): void;
  clear(): void;
}

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
  // A 409 on a form is about the name it would create, which is already taken.
  const name = err.status === 409 ? ['name', 'username'].find((c) => known.includes(c)) : undefined;
  return name ? { [name]: err.message } : {};
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

/** Messages: errors are announced at once (role="alert"), confirmations politely (role="status"). */
import type { ReactNode } from 'react';

/** An error message; renders nothing when there is none. `quiet` announces it without showing it twice. */
export function ErrorAlert({ children, quiet }: { children?: ReactNode; quiet?: boolean }) {
  if (!children) return null;
  return <div className={quiet ? 'visually-hidden' : 'alert alert-error'} role="alert">{children}</div>;
}

/** A form's error: shown at the top, or only announced when the field it names already shows it. */
export function FormError({ error, fields }: { error: string | null; fields: Record<string, string> }) {
  return <ErrorAlert quiet={Object.values(fields).includes(error ?? '')}>{error}</ErrorAlert>;
}

/** A confirmation or notice. */
export function Notice({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return <div className="alert alert-ok" role="status">{children}</div>;
}

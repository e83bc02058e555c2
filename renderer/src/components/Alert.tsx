/** Messages: errors are announced at once (role="alert"), confirmations politely (role="status"). */
import type { ReactNode } from 'react';

/** An error message; renders nothing when there is none. `quiet` announces it without showing it twice. */
export function ErrorAlert({ children, quiet }: { children?: ReactNode; quiet?: boolean }) {
  if (!children) return null;
  return <div className={quiet ? 'visually-hidden' : 'alert alert-error'} role="alert">{children}</div>;
}

/** A confirmation or notice. */
export function Notice({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return <div className="alert alert-ok" role="status">{children}</div>;
}

/** A destructive action that asks for confirmation in place before it runs. */
import { useEffect, useRef, useState, type ReactNode } from 'react';

interface Props {
  /** The button's text, e.g. "Delete". */
  children: ReactNode;
  /** The question shown before running, e.g. "Delete alice and everything they own?" */
  question: ReactNode;
  /** Text of the confirming button. */
  confirmLabel: string;
  /** Accessible name when the button text alone is ambiguous in a list ("Delete alice"); it starts with the visible text. */
  label?: string;
  onConfirm(): Promise<void> | void;
}

/** Shows `children` as a button; on click, the question with confirm and cancel buttons. */
export function ConfirmButton({ children, question, confirmLabel, label, onConfirm }: Props) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) cancelRef.current?.focus();
  }, [asking]);
  if (!asking) {
    return <button type="button" className="btn btn-danger-outline btn-small" aria-label={label} onClick={() => setAsking(true)}>{children}</button>;
  }
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <div className="confirm" role="group" aria-label={label ?? confirmLabel}
      onKeyDown={(e) => { if (e.key === 'Escape') setAsking(false); }}>
      <span className="confirm-question">{question}</span>
      <button type="button" className="btn btn-danger btn-small" disabled={busy} onClick={() => { void confirm(); }}>{confirmLabel}</button>
      <button type="button" className="btn btn-small" ref={cancelRef} onClick={() => setAsking(false)}>Cancel</button>
    </div>
  );
}

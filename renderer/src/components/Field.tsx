/** A labelled form control with its hint and its error, wired for screen readers. */
import { useId, type InputHTMLAttributes, type Ref, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

interface Common {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
}

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

function Extras({ id, hint, error }: { id: string; hint?: ReactNode; error?: string | undefined }) {
  return (
    <>
      {hint ? <span className="hint" id={`${id}-hint`}>{hint}</span> : null}
      {error ? <span className="field-error" id={`${id}-error`}>{error}</span> : null}
    </>
  );
}

/** A text-like <input> with a visible label. */
export function Field({ label, hint, error, ref, ...input }: Common & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}{input.required ? <span className="req" aria-hidden="true"> *</span> : null}</label>
      <input id={id} ref={ref} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} {...input} />
      <Extras id={id} hint={hint} error={error} />
    </div>
  );
}

/** A multi-line text field. */
export function TextArea({ label, hint, error, ...input }: Common & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  const id = useId();
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} {...input} />
      <Extras id={id} hint={hint} error={error} />
    </div>
  );
}

/** A <select> with a visible label. */
export function Select({ label, hint, error, children, ...input }: Common & SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  const id = useId();
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}{input.required ? <span className="req" aria-hidden="true"> *</span> : null}</label>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} {...input}>{children}</select>
      <Extras id={id} hint={hint} error={error} />
    </div>
  );
}

/** A checkbox with its label beside it. */
export function Checkbox({ label, hint, error, ...input }: Common & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  return (
    <div className={`field checkbox${error ? ' has-error' : ''}`}>
      <input id={id} type="checkbox" aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} {...input} />
      <label htmlFor={id}>{label}</label>
      <Extras id={id} hint={hint} error={error} />
    </div>
  );
}

/** A read-only clone URL with a copy button; the input selects itself on focus for manual copying. */
import { useId } from 'react';
import { CopyButton } from './CopyButton.tsx';

/** Shows `url` under `label` ("HTTP clone URL of alice/app") with a copy button. */
export function CloneUrl({ url, label, visibleLabel = 'HTTP' }: { url: string; label: string; visibleLabel?: string }) {
  const id = useId();
  return (
    <div className="clone-url">
      <label htmlFor={id} className="clone-proto">{visibleLabel}</label>
      <input id={id} readOnly value={url} aria-label={label} onFocus={(e) => e.currentTarget.select()} />
      <CopyButton text={url} label={`Copy ${label}`} />
    </div>
  );
}

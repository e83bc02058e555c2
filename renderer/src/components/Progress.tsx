/** Progress of a long request the host answers only at its end: an indeterminate bar and the time so far. */
import { useEffect, useState } from 'react';

/** Shown while `active`; announces `label` once, then the elapsed seconds on the bar. */
export function Progress({ active, label }: { active: boolean; label: string }) {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (!active) return;
    setSeconds(0);
    const started = Date.now();
    const t = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(t);
  }, [active]);
  if (!active) return null;
  return (
    <div className="progress" role="status">
      <span>{label}</span>
      <div className="progress-track" role="progressbar" aria-label={label} aria-valuetext={`${seconds} seconds so far`}><div className="progress-bar" /></div>
      <span className="muted" aria-hidden="true">{seconds} s</span>
    </div>
  );
}

/** A button that copies a text to the clipboard and says so. */
import { useEffect, useState } from 'react';

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Plain http on a LAN address is not a secure context: fall back to a selected textarea.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}

/** Copies `text`; `label` names what is copied for screen readers ("Copy HTTP clone URL"). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [done, setDone] = useState<'copied' | 'failed' | null>(null);
  useEffect(() => {
    if (!done) return;
    const t = setTimeout(() => setDone(null), 2000);
    return () => clearTimeout(t);
  }, [done]);
  return (
    <>
      <button type="button" className="btn btn-small" aria-label={label} title={label}
        onClick={() => { copyText(text).then(() => setDone('copied'), () => setDone('failed')); }}>
        {done === 'copied' ? 'Copied' : 'Copy'}
      </button>
      <span className="visually-hidden" role="status">{done === 'copied' ? 'Copied to the clipboard' : done === 'failed' ? 'Copying failed; select the text and copy it' : ''}</span>
    </>
  );
}

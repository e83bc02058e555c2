/**
 * A unified diff (git's `.diff` text) shown split (side by side) or unified, by diff2html, with a file list.
 * diff2html escapes the file contents; its colours follow the app's light or dark scheme.
 */
import { useEffect, useState } from 'react';
import type { ColorSchemeType } from 'diff2html/lib/types';
import 'diff2html/bundles/css/diff2html.min.css';

export type DiffLayout = 'split' | 'unified';

const STORE_KEY = 'homeforge.diff-layout';

function savedLayout(): DiffLayout {
  try {
    return localStorage.getItem(STORE_KEY) === 'unified' ? 'unified' : 'split';
  } catch {
    return 'split';
  }
}

/** Renders `diff` with a Split / Unified switch. */
export function DiffView({ diff, label = 'Changes' }: { diff: string; label?: string }) {
  const [layout, setLayout] = useState<DiffLayout>(savedLayout);
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import('diff2html').then(({ html: render }) => {
      const out = render(diff, {
        outputFormat: layout === 'split' ? 'side-by-side' : 'line-by-line',
        drawFileList: true, matching: 'lines', diffStyle: 'word', colorScheme: 'auto' as ColorSchemeType,
      });
      if (live) setHtml(out);
    }, () => undefined);
    return () => { live = false; };
  }, [diff, layout]);
  const choose = (l: DiffLayout) => {
    setLayout(l);
    try { localStorage.setItem(STORE_KEY, l); } catch { /* private mode: not remembered */ }
  };
  return (
    <section className="diff-view" aria-label={label}>
      <div className="diff-bar" role="group" aria-label="Diff layout">
        <button type="button" className="btn btn-small" aria-pressed={layout === 'split'} onClick={() => choose('split')}>Split</button>
        <button type="button" className="btn btn-small" aria-pressed={layout === 'unified'} onClick={() => choose('unified')}>Unified</button>
      </div>
      {!diff.trim() ? <p className="muted">No changes.</p>
        : html === null ? <p role="status" className="loading">Preparing the diff…</p>
          : <div className={`diff-body diff-${layout}`} dangerouslySetInnerHTML={{ __html: html }} />}
    </section>
  );
}

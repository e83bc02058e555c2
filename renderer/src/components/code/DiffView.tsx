/**
 * A unified diff (git's `.diff` text) shown split (side by side) or unified, by diff2html, with a file list.
 * diff2html escapes the file contents; its colours follow the app's light or dark scheme. With `onLine`, a click
 * on a line names its file, side and number; `fileSlot` puts content (line comments) under each file's diff.
 */
import { useEffect, useLayoutEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { ColorSchemeType } from 'diff2html/lib/types';
import 'diff2html/bundles/css/diff2html.min.css';
import { lineAt, type DiffLine } from './diff-lines.ts';

export type DiffLayout = 'split' | 'unified';
export type { DiffLine } from './diff-lines.ts';

const STORE_KEY = 'homeforge.diff-layout';

function savedLayout(): DiffLayout {
  try {
    return localStorage.getItem(STORE_KEY) === 'unified' ? 'unified' : 'split';
  } catch {
    return 'split';
  }
}

interface Props {
  diff: string;
  label?: string;
  /** Called with the line a click landed on (not when the click ends a text selection). */
  onLine?: (line: DiffLine) => void;
  /** Content shown under the diff of the file `path`. */
  fileSlot?: (path: string) => ReactNode;
}

/** Renders `diff` with a Split / Unified switch. */
export function DiffView({ diff, label = 'Changes', onLine, fileSlot }: Props) {
  const [layout, setLayout] = useState<DiffLayout>(savedLayout);
  const [html, setHtml] = useState<string | null>(null);
  const [paths, setPaths] = useState<string[]>([]);
  const [slots, setSlots] = useState<{ path: string; el: HTMLElement }[]>([]);
  const body = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let live = true;
    import('diff2html').then(({ html: render, parse }) => {
      const out = render(diff, {
        outputFormat: layout === 'split' ? 'side-by-side' : 'line-by-line',
        drawFileList: true, matching: 'lines', diffStyle: 'word', colorScheme: 'auto' as ColorSchemeType,
      });
      if (!live) return;
      setPaths(parse(diff).map((f) => (f.newName === '/dev/null' ? f.oldName : f.newName)));
      setHtml(out);
    }, () => undefined);
    return () => { live = false; };
  }, [diff, layout]);
  // One slot under each file's diff, in the order diff2html drew the files.
  const slotted = fileSlot !== undefined;
  useLayoutEffect(() => {
    const root = body.current;
    if (!root || !slotted || html === null) { setSlots([]); return undefined; }
    const made = [...root.querySelectorAll<HTMLElement>('.d2h-file-wrapper')].map((w, i) => {
      const el = document.createElement('div');
      el.className = 'diff-file-notes';
      w.appendChild(el);
      return { path: paths[i] ?? '', el };
    });
    setSlots(made);
    return () => { for (const m of made) m.el.remove(); };
  }, [html, paths, slotted]);
  const choose = (l: DiffLayout) => {
    setLayout(l);
    try { localStorage.setItem(STORE_KEY, l); } catch { /* private mode: not remembered */ }
  };
  const click = (e: MouseEvent<HTMLDivElement>) => {
    if (!onLine || window.getSelection()?.toString()) return;
    const line = lineAt(e.target as Element, paths, body.current);
    if (line) onLine(line);
  };
  return (
    <section className="diff-view" aria-label={label}>
      <div className="diff-bar" role="group" aria-label="Diff layout">
        <button type="button" className="btn btn-small" aria-pressed={layout === 'split'} onClick={() => choose('split')}>Split</button>
        <button type="button" className="btn btn-small" aria-pressed={layout === 'unified'} onClick={() => choose('unified')}>Unified</button>
      </div>
      {!diff.trim() ? <p className="muted">No changes.</p>
        : html === null ? <p role="status" className="loading">Preparing the diff…</p>
          : <div ref={body} className={`diff-body diff-${layout}${onLine ? ' diff-commentable' : ''}`} onClick={click} dangerouslySetInnerHTML={{ __html: html }} />}
      {fileSlot ? slots.map((s) => createPortal(fileSlot(s.path), s.el, `${layout}|${s.path}`)) : null}
    </section>
  );
}

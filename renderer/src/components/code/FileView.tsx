/**
 * A source file: line numbers that are links (`#L12`), the linked line marked and scrolled to, highlighting by
 * file type (loaded when needed), and Raw and Download actions.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { highlightLines, plainLines } from './highlight.ts';
import { FileActions } from './FileActions.tsx';

/** The line number named by `#L12` (or `#L12-L20`: its first line). */
export const lineOfHash = (hash: string): number | null => {
  const m = /^#L(\d+)/.exec(hash);
  return m ? Number(m[1]) : null;
};

function useLineHash(): [number | null, (n: number) => void] {
  const [line, setLine] = useState(() => lineOfHash(window.location.hash));
  useEffect(() => {
    const onHash = () => setLine(lineOfHash(window.location.hash));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const select = (n: number) => {
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}#L${n}`);
    setLine(n);
  };
  return [line, select];
}

export interface FileViewProps {
  name: string;
  text: string;
  /** Address of the raw file (served by the host). */
  rawUrl: string;
  size: number;
  /** Extra controls in the head (e.g. the rendered/source switch of markdown files). */
  extra?: ReactNode;
  /** Shown instead of the source when given (a rendered markdown file). */
  children?: ReactNode;
}

/** The source lines with numbers and anchors. */
export function SourceLines({ name, text }: { name: string; text: string }) {
  const body = text.replace(/\n$/, '');
  const [lines, setLines] = useState<string[]>(() => plainLines(body));
  const [lang, setLang] = useState<string | null>(null);
  const [line, select] = useLineHash();
  useEffect(() => {
    let live = true;
    setLines(plainLines(body));
    highlightLines(name, body).then((r) => { if (live) { setLines(r.lines); setLang(r.language); } }, () => undefined);
    return () => { live = false; };
  }, [name, text]);
  useEffect(() => {
    if (line) document.getElementById(`L${line}`)?.scrollIntoView({ block: 'center' });
  }, [lines, line]);
  return (
    <div className="source" tabIndex={0} aria-label={`Contents of ${name}`} data-language={lang ?? 'text'}>
      <table className="source-lines">
        <tbody>
          {lines.map((html, i) => (
            <tr key={i} id={`L${i + 1}`} className={line === i + 1 ? 'line-selected' : undefined} aria-current={line === i + 1 ? 'location' : undefined}>
              <td className="line-num"><a href={`#L${i + 1}`} onClick={(e) => { e.preventDefault(); select(i + 1); }} aria-label={`Line ${i + 1}`}>{i + 1}</a></td>
              <td className="line-code"><code className="hljs" dangerouslySetInnerHTML={{ __html: html || '\n' }} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A file with its head (name, size, actions) and its source or `children`. */
export function FileView({ name, text, rawUrl, size, extra, children }: FileViewProps) {
  return (
    <section className="card file-view" aria-labelledby="file-name">
      <div className="file-head">
        <h2 id="file-name">{name}</h2>
        <span className="muted">{size.toLocaleString()} bytes</span>
        {extra}
        <FileActions rawUrl={rawUrl} name={name} />
      </div>
      {children ?? <SourceLines name={name} text={text} />}
    </section>
  );
}

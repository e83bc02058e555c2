/** "Page X of N" controls for a list whose page lives in the URL. */
import type { ListPage } from '../use-list.ts';

/** "1 repository", "2 repositories": `noun` is the plural, its singular taken off it ("branches", "tags"). */
export function counted(total: number, noun: string): string {
  if (total !== 1) return `${total} ${noun}`;
  const one = noun.endsWith('ies') ? `${noun.slice(0, -3)}y` : /(ch|sh|x)es$/.test(noun) ? noun.slice(0, -2) : noun.replace(/s$/, '');
  return `1 ${one}`;
}

/** Previous / "Page X of N" / Next; hidden when everything fits on one page. */
export function Pager({ list, noun, label = 'Pages' }: { list: Pick<ListPage<unknown>, 'page' | 'pages' | 'total' | 'setPage'>; noun?: string; label?: string }) {
  if (list.pages <= 1 && list.page <= 1) return noun ? <p className="muted pager-total">{counted(list.total, noun)}</p> : null;
  return (
    <nav aria-label={label} className="pager">
      <button type="button" className="btn btn-small" disabled={list.page <= 1} onClick={() => list.setPage(list.page - 1)}>Previous</button>
      <span>Page {list.page} of {list.pages}{noun ? <>, of {counted(list.total, noun)}</> : null}</span>
      <button type="button" className="btn btn-small" disabled={list.page >= list.pages} onClick={() => list.setPage(list.page + 1)}>Next</button>
    </nav>
  );
}

/** Finding the file, side and line number of a line in diff2html's split or unified output. */

/** A line of a diff: its file, the side (old or new) and its number there. */
export interface DiffLine {
  path: string;
  side: 'old' | 'new';
  line: number;
}

const num = (el: Element | null | undefined): number => {
  const n = Number.parseInt(el?.textContent?.trim() ?? '', 10);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

/** The line under `target` (a node inside diff2html's HTML in `root`), or null when it is no numbered line. */
export function lineAt(target: Element, paths: string[], root: HTMLElement | null): DiffLine | null {
  const row = target.closest('tr');
  const wrapper = target.closest('.d2h-file-wrapper');
  if (!row || !wrapper || !root) return null;
  const index = [...root.querySelectorAll('.d2h-file-wrapper')].indexOf(wrapper);
  const path = paths[index];
  if (!path) return null;
  const sideCell = row.querySelector('.d2h-code-side-linenumber');
  if (sideCell) {
    const sides = [...wrapper.querySelectorAll('.d2h-file-side-diff')];
    const side = sides.findIndex((s) => s.contains(row)) === 0 ? 'old' : 'new';
    const line = num(sideCell);
    return line ? { path, side, line } : null;
  }
  const cell = row.querySelector('.d2h-code-linenumber');
  const added = num(cell?.querySelector('.line-num2'));
  if (added) return { path, side: 'new', line: added };
  const removed = num(cell?.querySelector('.line-num1'));
  return removed ? { path, side: 'old', line: removed } : null;
}

/** GitHub's task lists for markdown-it: a list item starting with `[ ]` or `[x]` gets a disabled checkbox. */
import type { MarkdownIt } from 'markdown-it';

const BOX = /^\[([ xX])\]\s/;

/** The markdown-it plugin. */
export function taskLists(md: MarkdownIt): void {
  md.core.ruler.after('inline', 'homeforge_task_lists', (state) => {
    const tokens = state.tokens;
    for (let i = 2; i < tokens.length; i++) {
      const inline = tokens[i]!;
      if (inline.type !== 'inline' || tokens[i - 1]?.type !== 'paragraph_open' || tokens[i - 2]?.type !== 'list_item_open') continue;
      const first = inline.children?.[0];
      const m = first?.type === 'text' ? BOX.exec(first.content) : null;
      if (!first || !m) continue;
      first.content = first.content.slice(m[0].length);
      const box = new state.Token('html_inline', '', 0);
      box.content = `<input type="checkbox" class="task-list-item-checkbox" disabled${m[1] === ' ' ? '' : ' checked'} /> `;
      inline.children!.unshift(box);
      tokens[i - 2]!.attrJoin('class', 'task-list-item');
      for (let j = i - 3; j >= 0; j--) {
        const t = tokens[j]!;
        if ((t.type === 'bullet_list_open' || t.type === 'ordered_list_open') && t.level === tokens[i - 2]!.level - 1) {
          if (!String(t.attrGet('class') ?? '').includes('contains-task-list')) t.attrJoin('class', 'contains-task-list');
          break;
        }
      }
    }
  });
}

/**
 * Issue references in comments and issue texts (Gitea's issue index pattern): `#n` links to the context
 * repository's issue n and `owner/repo#n` to that repository's, outside links and code. Only in the comment
 * and gfm modes with a repository context, as Gitea renders them.
 */
import type { MarkdownIt } from 'markdown-it';

type Token = ReturnType<MarkdownIt['parseInline']>[number];
type TokenCtor = new (type: string, tag: string, nesting: -1 | 0 | 1) => Token;

const REF = /(^|[\s([{,;])(?:([\w.-]+)\/([\w.-]+))?#(\d{1,9})(?=$|[\s)\]}.,;:!?'"])/g;

/** Splits one text token into text and issue links. */
function split(text: string, repoPath: string, Tok: TokenCtor): Token[] | null {
  const out: Token[] = [];
  let last = 0;
  const push = (s: string) => { if (!s) return; const t = new Tok('text', '', 0); t.content = s; out.push(t); };
  for (const m of text.matchAll(REF)) {
    const start = m.index + m[1]!.length;
    push(text.slice(last, start));
    const target = m[2] && m[3] ? `/${m[2]}/${m[3]}` : repoPath;
    const open = new Tok('link_open', 'a', 1);
    open.attrSet('href', `${target}/issues/${m[4]}`);
    open.attrSet('class', 'ref-issue');
    out.push(open);
    push(text.slice(start, m.index + m[0].length));
    out.push(new Tok('link_close', 'a', -1));
    last = m.index + m[0].length;
  }
  if (!out.length) return null;
  push(text.slice(last));
  return out;
}

/** Adds the rule; `repoPath` is `/{owner}/{repo}`. */
export function issueRefs(md: MarkdownIt, repoPath: string): void {
  md.core.ruler.push('homeforge_issue_refs', (state) => {
    const Tok = state.Token as unknown as TokenCtor;
    for (const t of state.tokens) {
      if (t.type !== 'inline' || !t.children) continue;
      const kids: Token[] = [];
      let inLink = 0;
      for (const c of t.children) {
        if (c.type === 'link_open') inLink++;
        if (c.type === 'link_close') inLink--;
        const parts = c.type === 'text' && inLink === 0 ? split(c.content, repoPath, Tok) : null;
        if (parts) kids.push(...parts);
        else kids.push(c);
      }
      t.children = kids;
    }
  });
}

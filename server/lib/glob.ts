/**
 * Gitea's glob (modules/glob): `*` any characters (including `/`, no separators are given), `**` the same,
 * `?` one character, `[abc]` / `[!abc]` classes, `{a,b}` alternation, `\` escapes; the whole pattern is anchored.
 */

export class GlobError extends Error {}

const SPECIAL = /[.+^$()|\\/]/;

function readClass(p: string, start: number): { src: string; end: number } {
  let i = start + 1;
  let src = '[';
  if (p[i] === '!') { src += '^'; i += 1; }
  let body = '';
  while (i < p.length && p[i] !== ']') {
    const c = p[i]!;
    if (c === '\\') {
      if (i + 1 >= p.length) throw new GlobError('unfinished escape');
      body += `\\${p[i + 1]}`;
      i += 2;
      continue;
    }
    body += c === '^' || c === '[' ? `\\${c}` : c;
    i += 1;
  }
  if (i >= p.length) throw new GlobError('unclosed character class');
  if (!body) throw new GlobError('empty character class');
  return { src: `${src}${body}]`, end: i };
}

/** Compiles a glob to an anchored regular expression; throws GlobError when the pattern is malformed. */
export function compileGlob(pattern: string, flags = ''): RegExp {
  let src = '';
  let depth = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*') {
      while (pattern[i + 1] === '*') i += 1;
      src += '.*';
    } else if (c === '?') src += '.';
    else if (c === '[') {
      const cls = readClass(pattern, i);
      src += cls.src;
      i = cls.end;
    } else if (c === '{') { depth += 1; src += '(?:'; }
    else if (c === '}' && depth > 0) { depth -= 1; src += ')'; }
    else if (c === ',' && depth > 0) src += '|';
    else if (c === '\\') {
      const next = pattern[i + 1];
      if (next === undefined) throw new GlobError('unfinished escape');
      src += next.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
      i += 1;
    } else if (c === ']') throw new GlobError('unexpected ]');
    else src += SPECIAL.test(c) ? `\\${c}` : c.replace(/[{}[\]]/g, '\\$&');
  }
  if (depth > 0) throw new GlobError('unclosed {');
  return new RegExp(`^${src}$`, flags);
}

/** The problem with a glob, or null when it compiles. */
export function globProblem(pattern: string): string | null {
  try {
    compileGlob(pattern);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

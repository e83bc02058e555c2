/**
 * The one-character tests of a glob: literals, `?`, classes and escapes. A class or escape means what it means
 * in the RE2 expression Gitea builds from the glob; the few RE2 escapes a glob never needs (octal, hex, `\p`,
 * assertions, `\Q`) and POSIX `[:name:]` classes are refused rather than read differently.
 */
/** A malformed glob. */
export class GlobError extends Error {}

/** Whether one code point is accepted. */
export type CharTest = (cp: number) => boolean;

const NEWLINE = 10;

/** Any code point but a newline (RE2's `.`, which a glob's `*` and `**` compile to). */
export const anyNotNewline: CharTest = (cp) => cp !== NEWLINE;

/** Any code point but the separators. */
export function anyExcept(separators: string): CharTest {
  const seps = new Set([...separators].map((c) => c.codePointAt(0)!));
  return (cp) => !seps.has(cp);
}

const cpOf = (c: string, fold: boolean): number => (fold ? c.toLowerCase() : c).codePointAt(0)!;

/** Exactly that character (lower-cased when matching without case; the input is lower-cased too). */
export function literal(c: string, fold: boolean): CharTest {
  const want = cpOf(c, fold);
  return (cp) => cp === want;
}

const isDigit = (cp: number): boolean => cp >= 48 && cp <= 57;
const isWord = (cp: number): boolean => isDigit(cp) || (cp >= 65 && cp <= 90) || (cp >= 97 && cp <= 122) || cp === 95;
const isSpace = (cp: number): boolean => cp === 32 || (cp >= 9 && cp <= 13 && cp !== 11);

/** RE2's Perl classes (ASCII only, as in RE2). */
const PERL: Record<string, CharTest> = {
  d: isDigit, D: (cp) => !isDigit(cp), s: isSpace, S: (cp) => !isSpace(cp), w: isWord, W: (cp) => !isWord(cp),
};

const CONTROL: Record<string, number> = { a: 7, f: 12, t: 9, n: 10, r: 13, v: 11 };

const isAsciiAlnum = (c: string): boolean => /^[0-9A-Za-z]$/.test(c);

/** What `\c` means: a Perl class, a control character or (for ASCII punctuation) `c` itself. */
function escaped(c: string): CharTest | number {
  const perl = PERL[c];
  if (perl) return perl;
  const control = CONTROL[c];
  if (control !== undefined) return control;
  if (c.codePointAt(0)! < 128 && !isAsciiAlnum(c)) return c.codePointAt(0)!;
  throw new GlobError(`invalid escape sequence: \\${c}`);
}

/** The test for `\c` outside a class. */
export function escapeMatcher(c: string, fold: boolean): CharTest {
  const e = escaped(c);
  if (typeof e === 'function') return e;
  return literal(String.fromCodePoint(e), fold);
}

/** Builds the test of a class from the characters between `[` and `]`. */
export function classMatcher(body: string[], fold: boolean): CharTest {
  let i = 0;
  let negate = false;
  if (body[0] === '!' || body[0] === '^') {
    negate = true;
    i = 1;
  }
  const ranges: number[] = [];
  const tests: CharTest[] = [];
  const item = (): number | CharTest => {
    const c = body[i++]!;
    if (c === '[' && body[i] === ':') throw new GlobError('POSIX character classes are not supported');
    return c === '\\' ? escaped(body[i++] ?? '\\') : c.codePointAt(0)!;
  };
  if (i >= body.length) throw new GlobError('empty character class');
  while (i < body.length) {
    const lo = item();
    if (typeof lo === 'function') {
      tests.push(lo);
      continue;
    }
    if (body[i] === '-' && i + 1 < body.length) {
      i++;
      const hi = item();
      if (typeof hi === 'function' || hi < lo) throw new GlobError('invalid character class range');
      ranges.push(lo, hi);
    } else ranges.push(lo, lo);
  }
  const inClass = (cp: number): boolean => {
    for (let r = 0; r < ranges.length; r += 2) if (cp >= ranges[r]! && cp <= ranges[r + 1]!) return true;
    return tests.some((t) => t(cp));
  };
  const folded = (cp: number): boolean => {
    if (inClass(cp)) return true;
    const upper = String.fromCodePoint(cp).toUpperCase().codePointAt(0)!;
    return upper !== cp && inClass(upper);
  };
  const test = fold ? folded : inClass;
  return negate ? (cp) => !test(cp) : test;
}

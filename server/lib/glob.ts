/**
 * Gitea's glob (its modules/glob, which compiles to an RE2 regular expression), matched in linear time by a
 * small Thompson automaton of our own: every match costs at most pattern length × input length steps, so no
 * pattern can stall the host (a backtracking RegExp took seconds on `*a*a*a*a*a*a*a*a*ab`).
 *
 * Syntax, as Gitea's: `*` any run of non-separator characters (any characters when no separators are given),
 * `**` any run of characters, `?` one non-separator character, `[abc]` `[a-z]` `[!abc]` `[^abc]` classes,
 * `{a,b}` alternatives (nested), `\x` escapes; everything else is literal; the whole pattern is anchored.
 * Used for every glob in the host: hook branch filters, allowed-host lists, and later protected-branch and
 * protected-file patterns. Separators: none for branch filters, `/` for protected-branch rules, `.` and `/`
 * for protected-file patterns (as Gitea compiles them).
 */
import { anyExcept, anyNotNewline, classMatcher, escapeMatcher, GlobError, literal, type CharTest } from './glob-chars.ts';

export { GlobError };

/** A pattern longer than this is refused: Gitea has no cap, but a filter this long is never meant. */
export const MAX_GLOB_LENGTH = 1024;

/** Alternatives nest at most this deep (RE2 refuses deep nesting as well). */
const MAX_DEPTH = 64;

export interface GlobOptions {
  /** Characters `*` and `?` do not match (`**` does). */
  separators?: string;
  /** Match without regard to case (host names). */
  caseInsensitive?: boolean;
}

/** A compiled glob. `test` has RegExp's shape so callers read the same either way. */
export interface Glob {
  readonly pattern: string;
  test(input: string): boolean;
}

const CHAR = 0;
const SPLIT = 1;
const JUMP = 2;
const MATCH = 3;

/** The automaton: parallel arrays indexed by state. CHAR states consume one code point; SPLIT/JUMP do not. */
interface Program {
  op: number[];
  out: number[];
  out1: number[];
  test: (CharTest | null)[];
}

class Compiler {
  private pos = 0;
  private readonly chars: string[];
  readonly prog: Program = { op: [], out: [], out1: [], test: [] };
  private readonly one: CharTest;
  private readonly many: CharTest;

  constructor(pattern: string, private readonly opts: GlobOptions) {
    this.chars = [...pattern];
    const seps = opts.separators ?? '';
    this.one = seps ? anyExcept(seps) : anyNotNewline;
    this.many = seps ? this.one : anyNotNewline;
  }

  private emit(op: number, test: CharTest | null = null): number {
    const p = this.prog;
    p.op.push(op);
    p.out.push(-1);
    p.out1.push(-1);
    p.test.push(test);
    return p.op.length - 1;
  }

  /** Compiles the whole pattern; returns the start state. */
  compile(): number {
    const start = this.emit(JUMP);
    const end = this.sequence(start, 0);
    this.prog.out[end] = this.emit(MATCH);
    return start;
  }

  /** Appends the states of a sequence after `from`; returns the last state (its `out` still open). */
  private sequence(from: number, depth: number): number {
    let last = from;
    const link = (s: number): void => { this.prog.out[last] = s; last = s; };
    while (this.pos < this.chars.length) {
      const c = this.chars[this.pos]!;
      if (depth > 0 && (c === '}' || c === ',')) return last;
      this.pos++;
      if (c === '*') {
        const double = this.chars[this.pos] === '*';
        if (double) this.pos++;
        // split → (char → back to split) | next
        const split = this.emit(SPLIT);
        const ch = this.emit(CHAR, double ? anyNotNewline : this.many);
        this.prog.out1[split] = ch;
        this.prog.out[ch] = split;
        link(split);
      } else if (c === '?') link(this.emit(CHAR, this.one));
      else if (c === '[') link(this.emit(CHAR, this.charClass()));
      else if (c === '{') last = this.alternatives(last, depth + 1);
      else if (c === '\\') {
        const next = this.chars[this.pos++];
        if (next === undefined) throw new GlobError('no character to escape');
        link(this.emit(CHAR, escapeMatcher(next, this.fold)));
      } else link(this.emit(CHAR, literal(c, this.fold)));
    }
    if (depth > 0) throw new GlobError('missing closing }');
    return last;
  }

  /** `{a,b,...}` after the `{`: each alternative from one SPLIT chain, all joined at one JUMP. */
  private alternatives(from: number, depth: number): number {
    if (depth > MAX_DEPTH) throw new GlobError('alternatives nest too deeply');
    const join = this.emit(JUMP);
    let prevSplit = -1;
    for (;;) {
      const split = this.emit(SPLIT);
      if (prevSplit < 0) this.prog.out[from] = split;
      else this.prog.out1[prevSplit] = split;
      const end = this.sequence(split, depth);
      this.prog.out[end] = join;
      prevSplit = split;
      const c = this.chars[this.pos++];
      if (c === '}') break;
      if (c !== ',') throw new GlobError('missing closing }');
    }
    // the last SPLIT has no second branch: make it a plain jump
    this.prog.op[prevSplit] = JUMP;
    return join;
  }

  private get fold(): boolean {
    return this.opts.caseInsensitive === true;
  }

  /** A class after its `[`: `!` (or `^`) negates; `\x` escapes; `a-z` ranges. */
  private charClass(): CharTest {
    const start = this.pos;
    while (this.pos < this.chars.length && this.chars[this.pos] !== ']') this.pos += this.chars[this.pos] === '\\' ? 2 : 1;
    if (this.pos >= this.chars.length) throw new GlobError('unterminated character class');
    const body = this.chars.slice(start, this.pos);
    this.pos++;
    return classMatcher(body, this.fold);
  }
}

/** Runs the automaton over `input`, one code point at a time, every live state in step. */
function run(prog: Program, start: number, input: string): boolean {
  const n = prog.op.length;
  const mark = new Int32Array(n);
  let gen = 1;
  let cur: number[] = [];
  let next: number[] = [];
  const stack: number[] = [];
  const add = (list: number[], s0: number): void => {
    stack.push(s0);
    while (stack.length) {
      const s = stack.pop()!;
      if (s < 0 || mark[s] === gen) continue;
      mark[s] = gen;
      const op = prog.op[s];
      if (op === SPLIT) stack.push(prog.out1[s]!, prog.out[s]!);
      else if (op === JUMP) stack.push(prog.out[s]!);
      else list.push(s);
    }
  };
  add(cur, start);
  for (const ch of input) {
    if (cur.length === 0) return false;
    const cp = ch.codePointAt(0)!;
    gen++;
    for (const s of cur) if (prog.op[s] === CHAR && prog.test[s]!(cp)) add(next, prog.out[s]!);
    [cur, next] = [next, cur];
    next.length = 0;
  }
  return cur.some((s) => prog.op[s] === MATCH);
}

/** Compiles a glob; throws GlobError when the pattern is malformed or longer than MAX_GLOB_LENGTH. */
export function compileGlob(pattern: string, options: GlobOptions | 'i' = {}): Glob {
  const opts = options === 'i' ? { caseInsensitive: true } : options;
  if (pattern.length > MAX_GLOB_LENGTH) throw new GlobError(`pattern is longer than ${MAX_GLOB_LENGTH} characters`);
  const compiler = new Compiler(pattern, opts);
  const start = compiler.compile();
  const prog = compiler.prog;
  const fold = opts.caseInsensitive === true;
  return { pattern, test: (input: string) => run(prog, start, fold ? input.toLowerCase() : input) };
}

const memo = new Map<string, Glob | GlobError>();
const MEMO_MAX = 512;

/**
 * Whether `input` matches `pattern`, compiling each pattern once (a small bounded memo); a malformed pattern
 * matches nothing, as Gitea's hook filter treats one.
 */
export function globMatch(pattern: string, input: string, options: GlobOptions = {}): boolean {
  const key = `${options.separators ?? ''}\0${options.caseInsensitive ? 'i' : ''}\0${pattern}`;
  let g = memo.get(key);
  if (!g) {
    try {
      g = compileGlob(pattern, options);
    } catch (err) {
      if (!(err instanceof GlobError)) throw err;
      g = err;
    }
    if (memo.size >= MEMO_MAX) memo.delete(memo.keys().next().value!);
    memo.set(key, g);
  }
  return !(g instanceof GlobError) && g.test(input);
}

/** The problem with a glob, or null when it compiles. */
export function globProblem(pattern: string, options: GlobOptions = {}): string | null {
  try {
    compileGlob(pattern, options);
    return null;
  } catch (err) {
    if (err instanceof GlobError) return err.message;
    throw err;
  }
}

/** Escapes every glob special character of `text` (Gitea's glob.QuoteMeta): the result matches `text` only. */
export function quoteGlob(text: string): string {
  return text.replace(/[*?\\[\]{}]/g, '\\$&');
}

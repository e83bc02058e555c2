/**
 * A small evaluator for the workflow expressions jobs use in `if:` (GitHub's syntax): literals, context paths
 * (`github.ref`, `needs.build.result`, `matrix.os`, `inputs.name`), `== != < > <= >= && || !`, parentheses, and
 * the functions success(), failure(), always(), cancelled(), contains(), startsWith(), endsWith(), format().
 * Anything else throws, and the caller decides (a job whose condition cannot be read here is left to the runner).
 */

export interface ExprContext {
  /** Values looked up by path: `github`, `needs`, `matrix`, `inputs`, `env`, `vars`. */
  values: Record<string, unknown>;
  /** The status functions: what success() and failure() answer for this job. */
  status: { success: boolean; failure: boolean; cancelled: boolean };
}

type Tok = { t: 'num' | 'str' | 'id' | 'op'; v: string };

function tokenize(src: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) { i += 1; continue; }
    if (c === "'") {
      let v = '';
      i += 1;
      for (;;) {
        if (i >= src.length) throw new Error('unterminated string');
        if (src[i] === "'" && src[i + 1] === "'") { v += "'"; i += 2; continue; }
        if (src[i] === "'") { i += 1; break; }
        v += src[i];
        i += 1;
      }
      out.push({ t: 'str', v });
      continue;
    }
    const num = /^-?\d+(\.\d+)?/.exec(src.slice(i));
    if (num) { out.push({ t: 'num', v: num[0] }); i += num[0].length; continue; }
    const id = /^[A-Za-z_][A-Za-z0-9_-]*/.exec(src.slice(i));
    if (id) { out.push({ t: 'id', v: id[0] }); i += id[0].length; continue; }
    const op = /^(==|!=|<=|>=|&&|\|\||[!<>().,[\]*])/.exec(src.slice(i));
    if (!op) throw new Error(`unexpected character ${c}`);
    out.push({ t: 'op', v: op[0] });
    i += op[0].length;
  }
  return out;
}

const loose = (v: unknown): unknown => (typeof v === 'string' ? v.toLowerCase() : v);
const truthy = (v: unknown): boolean => !(v === false || v === null || v === undefined || v === 0 || v === '' || Number.isNaN(v));
const str = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v as string));

class Parser {
  private i = 0;
  constructor(private readonly toks: Tok[], private readonly ctx: ExprContext) {}

  private peek(v?: string): Tok | undefined {
    const t = this.toks[this.i];
    return v === undefined || t?.v === v ? t : undefined;
  }
  private take(v: string): void {
    if (this.toks[this.i]?.v !== v) throw new Error(`expected ${v}`);
    this.i += 1;
  }
  parse(): unknown {
    const v = this.or();
    if (this.i < this.toks.length) throw new Error(`unexpected ${this.toks[this.i]!.v}`);
    return v;
  }
  private or(): unknown {
    let l = this.and();
    while (this.peek('||')) { this.i += 1; const r = this.and(); l = truthy(l) ? l : r; }
    return l;
  }
  private and(): unknown {
    let l = this.cmp();
    while (this.peek('&&')) { this.i += 1; const r = this.cmp(); l = truthy(l) ? r : l; }
    return l;
  }
  private cmp(): unknown {
    const l = this.unary();
    const op = this.toks[this.i];
    if (!op || !['==', '!=', '<', '>', '<=', '>='].includes(op.v) || op.t !== 'op') return l;
    this.i += 1;
    const r = this.unary();
    const [a, b] = [loose(l), loose(r)];
    switch (op.v) {
      case '==': return a === b || (a !== null && b !== null && typeof a !== typeof b && String(a) === String(b));
      case '!=': return !(a === b || (a !== null && b !== null && typeof a !== typeof b && String(a) === String(b)));
      case '<': return Number(a) < Number(b);
      case '>': return Number(a) > Number(b);
      case '<=': return Number(a) <= Number(b);
      default: return Number(a) >= Number(b);
    }
  }
  private unary(): unknown {
    if (this.peek('!')) { this.i += 1; return !truthy(this.unary()); }
    return this.primary();
  }
  private primary(): unknown {
    const t = this.toks[this.i];
    if (!t) throw new Error('unexpected end');
    this.i += 1;
    if (t.v === '(' && t.t === 'op') { const v = this.or(); this.take(')'); return v; }
    if (t.t === 'str') return t.v;
    if (t.t === 'num') return Number(t.v);
    if (t.t !== 'id') throw new Error(`unexpected ${t.v}`);
    if (t.v === 'true' || t.v === 'false') return t.v === 'true';
    if (t.v === 'null') return null;
    if (this.peek('(')) return this.call(t.v);
    return this.path(this.ctx.values[t.v]);
  }
  private path(start: unknown): unknown {
    let v = start;
    for (;;) {
      if (this.peek('.')) {
        this.i += 1;
        const k = this.toks[this.i++];
        if (!k || k.t !== 'id') throw new Error('expected a property name');
        v = v && typeof v === 'object' ? (v as Record<string, unknown>)[k.v] : undefined;
      } else if (this.peek('[')) {
        this.i += 1;
        const k = this.or();
        this.take(']');
        v = v && typeof v === 'object' ? (v as Record<string, unknown>)[str(k)] : undefined;
      } else return v;
    }
  }
  private call(name: string): unknown {
    this.take('(');
    const args: unknown[] = [];
    while (!this.peek(')')) {
      args.push(this.or());
      if (!this.peek(')')) this.take(',');
    }
    this.take(')');
    const s = this.ctx.status;
    switch (name.toLowerCase()) {
      case 'success': return s.success;
      case 'failure': return s.failure;
      case 'cancelled': return s.cancelled;
      case 'always': return true;
      case 'contains': return Array.isArray(args[0]) ? args[0].map(loose).includes(loose(args[1])) : str(args[0]).toLowerCase().includes(str(args[1]).toLowerCase());
      case 'startswith': return str(args[0]).toLowerCase().startsWith(str(args[1]).toLowerCase());
      case 'endswith': return str(args[0]).toLowerCase().endsWith(str(args[1]).toLowerCase());
      case 'format': return str(args[0]).replace(/\{(\d+)\}/g, (_, n: string) => str(args[Number(n) + 1]));
      default: throw new Error(`unknown function ${name}`);
    }
  }
}

/** Evaluates an expression (with or without `${{ }}`) to its value; throws on syntax it does not know. */
export function evaluate(expr: string, ctx: ExprContext): unknown {
  const m = /^\s*\$\{\{([\s\S]*)\}\}\s*$/.exec(expr);
  return new Parser(tokenize(m ? m[1]! : expr), ctx).parse();
}

/** Whether the names a status function (success(), failure(), always(), cancelled()) appear in the condition. */
export const usesStatusFunction = (expr: string): boolean => /\b(success|failure|always|cancelled)\s*\(/i.test(expr);

/**
 * A job condition as GitHub reads it: empty means success(); a condition without a status function is
 * `success() && (cond)`. Undecidable conditions answer `null`.
 */
export function jobCondition(expr: string, ctx: ExprContext): boolean | null {
  const e = expr.trim();
  if (!e) return ctx.status.success;
  try {
    const v = truthy(evaluate(e, ctx));
    return usesStatusFunction(e) ? v : ctx.status.success && v;
  } catch {
    return null;
  }
}

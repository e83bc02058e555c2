/**
 * Forms on the API's own request schemas: react-hook-form with the zod resolver, messages in words built from
 * zod's issue codes, the browser's own checks (required, maxLength, minLength, pattern) read from the schema, and
 * the API's 422 `errors` list put next to the fields it names.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useState, type FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { ApiError, errorText, type FieldProblem } from './api/client.ts';

type Issue = z.core.$ZodRawIssue;

/** One problem of a form field in words, from zod's issue code and bounds (never from zod's English). */
export function issueWords(issue: Issue): string {
  const bound = (k: 'minimum' | 'maximum'): number => Number((issue as Record<string, unknown>)[k]);
  const chars = (n: number): string => `${n} ${n === 1 ? 'character' : 'characters'}`;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === '' ? 'Fill in this field.' : 'This value has the wrong type.';
    case 'too_big':
      return issue.origin === 'string' ? `Use at most ${chars(bound('maximum'))}.` : `Use a value of at most ${bound('maximum')}.`;
    case 'too_small':
      if (issue.origin === 'string') return bound('minimum') <= 1 ? 'Fill in this field.' : `Use at least ${chars(bound('minimum'))}.`;
      return `Use a value of at least ${bound('minimum')}.`;
    case 'invalid_value':
      return 'Choose one of the offered values.';
    case 'invalid_format':
      return issue.format === 'url' ? 'Enter a full address, like https://example.com/.'
        : issue.format === 'email' ? 'Enter an email address.' : 'This value is not in the expected form.';
    default:
      return 'This value is not valid.';
  }
}

/**
 * One field problem of an API answer in words, from its code and bounds; codes that carry the host's own
 * explanation (a name that is reserved, a code that is wrong) keep the host's sentence.
 */
export function problemWords(p: FieldProblem): string {
  const chars = (n: number): string => `${n} ${n === 1 ? 'character' : 'characters'}`;
  switch (p.code) {
    case 'required': return 'Fill in this field.';
    case 'too_long': return p.max !== undefined ? `Use at most ${chars(p.max)}.` : sentence(p.message);
    case 'too_short': return p.min !== undefined ? `Use at least ${chars(p.min)}.` : sentence(p.message);
    case 'too_big': return p.max !== undefined ? `Use a value of at most ${p.max}.` : sentence(p.message);
    case 'too_small': return p.min !== undefined ? `Use a value of at least ${p.min}.` : sentence(p.message);
    case 'invalid_type': return 'This value has the wrong type.';
    default: return sentence(p.message);
  }
}

/** The host's message as a sentence: a capital and a full stop, unless it starts with a name or address as typed. */
const sentence = (m: string): string => {
  const t = m.trim();
  if (!t) return 'This value is not valid.';
  const plainWord = /^[a-z]+[,:;]?$/.test(t.split(/\s/, 1)[0]!);
  return `${plainWord ? t[0]!.toUpperCase() : t[0]}${t.slice(1)}${/[.!?]$/.test(t) ? '' : '.'}`;
};

function validPattern(source: string): boolean {
  try {
    new RegExp(`^(?:${source})$`, 'v');
    return true;
  } catch {
    return false;
  }
}

const unwrap = (s: z.ZodType): { inner: z.ZodType; optional: boolean } => {
  let inner = s;
  let optional = false;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable || inner instanceof z.ZodDefault) {
    optional = true;
    inner = inner.unwrap() as z.ZodType;
  }
  return { inner, optional };
};

/** The browser's checks for one field of an object schema: required, maxLength, minLength, pattern. */
export function checksOf(schema: z.ZodObject, name: string): { required?: boolean; maxLength?: number; minLength?: number; pattern?: string } {
  const field = schema.shape[name] as z.ZodType | undefined;
  if (!field) return {};
  const { inner, optional } = unwrap(field);
  const out: { required?: boolean; maxLength?: number; minLength?: number; pattern?: string } = {};
  if (!(inner instanceof z.ZodString)) return optional || inner instanceof z.ZodBoolean ? out : { required: true };
  if (inner.maxLength !== null) out.maxLength = inner.maxLength;
  if (inner.minLength !== null && inner.minLength > 0) out.minLength = inner.minLength;
  if (!optional || (inner.minLength ?? 0) > 0) out.required = true;
  const patterns = (inner._zod.bag as { patterns?: Set<RegExp> }).patterns;
  const first = patterns ? [...patterns][0] : undefined;
  const pattern = first?.source.replace(/^\^/, '').replace(/\$$/, '');
  // The browser reads `pattern` with the `v` flag, where some classes (`[\w.-]`) are not valid: those are left to the schema.
  if (pattern && validPattern(pattern)) out.pattern = pattern;
  return out;
}

export interface ApiForm<T extends FieldValues> extends UseFormReturn<T> {
  /** The form-level problem in words (an answer that names no field of this form). */
  formError: string | null;
  /** Submit handler: checks with the schema, then runs `action`; API field errors go to their fields. */
  submit(action: (values: T) => Promise<void>): (e?: FormEvent) => void;
  /** `register(name)` plus the browser's checks taken from the schema. */
  field(name: Path<T>): ReturnType<UseFormReturn<T>['register']> & ReturnType<typeof checksOf> & { error?: string };
  clearFormError(): void;
}

/**
 * A form over `schema` (a zod object; the API's request schema or one cut from it) with `defaults`. `conflictField`
 * names the field a 409 answer is about on this form (the name that is already taken); `aliases` maps a field name
 * of the API's answer to the form field that holds it, where the two differ (`due_on` → `due`).
 */
export function useApiForm<T extends FieldValues>(schema: z.ZodObject, defaults: DefaultValues<T>, conflictField?: Path<T>, aliases: Record<string, Path<T>> = {}): ApiForm<T> {
  const form = useForm<T>({
    // The schema is the API's own; its output type is the form's values.
    resolver: zodResolver(schema as never, { error: issueWords } as never) as never,
    defaultValues: defaults,
  });
  const [formError, setFormError] = useState<string | null>(null);
  const { handleSubmit, setError, register, formState } = form;
  const submit = useCallback((action: (values: T) => Promise<void>) => (e?: FormEvent) => {
    setFormError(null);
    void handleSubmit(async (values) => {
      try {
        await action(values);
      } catch (err) {
        const named = err instanceof ApiError
          ? Object.entries(err.problems).map(([k, p]): [string, string] => [aliases[k] ?? k, problemWords(p)]).filter(([k]) => k in schema.shape) : [];
        if (err instanceof ApiError && err.status === 409 && conflictField && !named.length) named.push([conflictField, err.message]);
        for (const [k, message] of named) setError(k as Path<T>, { type: 'server', message }, { shouldFocus: true });
        if (!named.length) setFormError(errorText(err));
      }
    })(e);
    }, [handleSubmit, setError, schema, conflictField, aliases]);
  const field = (name: Path<T>) => {
    const error = (formState.errors as Record<string, { message?: string } | undefined>)[name]?.message;
    return { ...register(name), ...checksOf(schema, name), ...(error ? { error } : {}) };
  };
  return { ...form, formError, submit, field, clearFormError: () => setFormError(null) };
}

/**
 * Turns zod's findings into 422 answers: a message in words that names each field ("name must be at most 100
 * characters") and, for clients that show problems next to their fields, the same findings as data
 * (`errors: [{ field, code, max, min, message }]`). Built from zod's issue codes, never from its English.
 */
import type { z } from 'zod';
import { ValidationError, type FieldError } from '../../lib/errors.ts';

const TYPE_WORDS: Record<string, string> = {
  string: 'text', number: 'a number', int: 'a whole number', boolean: 'true or false', object: 'an object', array: 'a list',
  bigint: 'a number', date: 'a date',
};

const typeWords = (t: unknown): string => TYPE_WORDS[String(t)] ?? String(t);

const quote = (v: unknown): string => (typeof v === 'string' ? `"${v}"` : String(v));

function unitOf(origin: unknown, n: number): string {
  if (origin === 'string') return n === 1 ? 'character' : 'characters';
  if (origin === 'array' || origin === 'set') return n === 1 ? 'item' : 'items';
  return '';
}

type Issue = z.core.$ZodIssue;

function sizeIssue(issue: Issue & { code: 'too_big' | 'too_small' }, field: string): FieldError {
  const big = issue.code === 'too_big';
  const bound = Number(big ? (issue as { maximum: unknown }).maximum : (issue as { minimum: unknown }).minimum);
  const origin = (issue as { origin?: unknown }).origin;
  const inclusive = (issue as { inclusive?: boolean }).inclusive !== false;
  const sized = origin === 'string' || origin === 'array' || origin === 'set';
  const unit = unitOf(origin, bound);
  if (sized) {
    const code = big ? 'too_long' : 'too_short';
    if (!big && bound === 1 && origin === 'string') return { field, code: 'required', min: 1, message: `${field} must not be empty` };
    return { field, code, ...(big ? { max: bound } : { min: bound }), message: `${field} must be at ${big ? 'most' : 'least'} ${bound} ${unit}` };
  }
  const words = big ? (inclusive ? 'at most' : 'less than') : inclusive ? 'at least' : 'more than';
  return { field, code: big ? 'too_big' : 'too_small', ...(big ? { max: bound } : { min: bound }), message: `${field} must be ${words} ${bound}` };
}

/** The value at an issue's path in what was parsed. */
function at(root: unknown, path: PropertyKey[]): unknown {
  let v = root;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

function describe(issue: Issue, root: unknown): FieldError[] {
  const field = issue.path.length ? issue.path.map(String).join('.') : 'body';
  switch (issue.code) {
    case 'invalid_type': {
      const received = at(root, issue.path);
      if (received === undefined && issue.path.length) return [{ field, code: 'required', message: `${field} is required` }];
      return [{ field, code: 'invalid_type', message: `${field} must be ${typeWords(issue.expected)}` }];
    }
    case 'too_big':
    case 'too_small':
      return [sizeIssue(issue, field)];
    case 'invalid_value': {
      const values = (issue.values as unknown[]).map(quote);
      const message = values.length === 1 ? `${field} must be ${values[0]}` : `${field} must be one of ${values.join(', ')}`;
      return [{ field, code: 'invalid_value', message }];
    }
    case 'invalid_format': {
      const format = String((issue as { format?: unknown }).format ?? 'the expected format');
      const what = format === 'url' ? 'a URL' : format === 'email' ? 'an email address' : format === 'regex' ? 'in the expected format' : `a valid ${format}`;
      return [{ field, code: 'invalid_format', message: `${field} must be ${what}` }];
    }
    case 'unrecognized_keys':
      return issue.keys.map((k) => {
        const f = issue.path.length ? `${field}.${k}` : k;
        return { field: f, code: 'unknown_field', message: `${f} is not a field this request takes` };
      });
    case 'not_multiple_of':
      return [{ field, code: 'invalid', message: `${field} must be a multiple of ${String(issue.divisor)}` }];
    case 'invalid_union':
      return [{ field, code: 'invalid', message: `${field} is not one of the accepted forms` }];
    case 'custom':
      // A schema's own refinement carries its words (e.g. "Unknown security protocol").
      return [{ field, code: 'invalid', message: issue.message && issue.message !== 'Invalid input' ? issue.message.replace(/\.$/, '') : `${field} is not valid` }];
    default:
      return [{ field, code: 'invalid', message: `${field} is not valid` }];
  }
}

/** The findings of a failed parse, field by field. */
export function fieldErrors(error: z.ZodError, root: unknown): FieldError[] {
  return error.issues.flatMap((issue) => describe(issue, root));
}

/** Parses `value` with `schema`; throws 422 naming every field that is wrong, in words and as data. */
export function parseWith<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = fieldErrors(result.error, value);
  throw new ValidationError(`${fields.map((f) => f.message).join('; ')}.`, fields);
}

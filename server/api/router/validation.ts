/** Turns zod's findings into Gitea-style 422 messages that name the field. */
import type { z } from 'zod';
import { ValidationError } from '../../lib/errors.ts';

function describe(issue: z.core.$ZodIssue): string {
  const field = issue.path.length ? issue.path.join('.') : 'body';
  if (issue.code === 'invalid_type' && issue.message.includes('received undefined')) return `[${field}]: Required`;
  return `[${field}]: ${issue.message}`;
}

/** Parses `value` with `schema`; throws 422 naming every field that is wrong. */
export function parseWith<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ValidationError(result.error.issues.map(describe).join(', '));
}

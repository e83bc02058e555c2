/**
 * The one ref-name rule for names that users give (branch and tag create, rename, and any name that reaches a
 * git command line): git's `check-ref-format` rules for the full ref, plus Gitea's (no leading `-`, which git
 * would read as an option, and not `HEAD`). Pure, so it answers without spawning git.
 */

/** Names longer than this (in bytes) are refused: a loose ref is one file, and file names stop at 255. */
export const REF_NAME_MAX_BYTES = 255;

/**
 * Why `name` (a short branch or tag name, e.g. `feature/x`) is not valid, or null when it is. Rules:
 * no control characters, space, `~ ^ : ? * [ \`; no `..`, `@{`, `//`; not `@`; no leading or trailing `/`;
 * no trailing `.`; no component starting with `.` or ending with `.lock`; no leading `-`; not `HEAD`.
 */
export function refNameProblem(name: string): string | null {
  if (name === '') return 'empty';
  if (Buffer.byteLength(name) > REF_NAME_MAX_BYTES) return `longer than ${REF_NAME_MAX_BYTES} bytes`;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\x00-\x20\x7f~^:?*[\\]/.test(name)) return 'holds a control character, a space or one of ~ ^ : ? * [ \\';
  if (name.includes('..')) return 'holds ..';
  if (name.includes('@{')) return 'holds @{';
  if (name === '@') return 'is @';
  if (name.startsWith('/') || name.endsWith('/') || name.includes('//')) return 'has an empty path component';
  if (name.endsWith('.')) return 'ends with .';
  for (const part of name.split('/')) {
    if (part.startsWith('.')) return 'has a component starting with .';
    if (part.endsWith('.lock')) return 'has a component ending with .lock';
  }
  // a lone UTF-16 surrogate has no UTF-8 form: git would get U+FFFD instead, and the name would not round-trip
  if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(name)) return 'holds a lone surrogate';
  if (name.startsWith('-')) return 'starts with -';
  if (name === 'HEAD' || name.startsWith('refs/')) return 'is a reserved name';
  return null;
}

/** True when `name` is a valid short branch or tag name. */
export const isValidRefShortName = (name: string): boolean => refNameProblem(name) === null;

/**
 * True when git accepts `ref` (e.g. `refs/heads/feature/x`) as a full ref name: `git check-ref-format <ref>`'s
 * answer without --allow-onelevel, checked in-process (a spawned check cost one process per branch or tag write).
 */
export function isValidRefFormat(ref: string): boolean {
  if (ref === '@' || ref.length === 0 || ref.length > 1024) return false;
  if (ref.startsWith('/') || ref.endsWith('/') || ref.endsWith('.')) return false;
  // eslint-disable-next-line no-control-regex -- the control range is the rule
  if (/[\x00-\x20\x7f~^:?*[\\]/.test(ref) || ref.includes('..') || ref.includes('@{')) return false;
  const parts = ref.split('/');
  if (parts.length < 2) return false;
  return parts.every((p) => p.length > 0 && !p.startsWith('.') && !p.endsWith('.lock'));
}

/** True when `ref` is a full refs/heads/ or refs/tags/ name that both git's rules and refNameProblem accept. */
export function isValidBranchOrTagRef(ref: string): boolean {
  const m = /^refs\/(heads|tags)\/(.*)$/s.exec(ref);
  return m !== null && refNameProblem(m[2]!) === null && isValidRefFormat(ref);
}

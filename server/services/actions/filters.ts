/**
 * Whether a workflow reacts to an event (act's and Gitea's detectMatched): push branch/tag/path filters,
 * pull_request types, branches and paths. Patterns use the host's linear glob with `/` as separator (`*` stays within
 * one path segment, `**` crosses them), and a leading `!` negates, later patterns winning as GitHub reads them.
 */
import { compileGlob, type Glob } from '../../lib/glob.ts';
import type { EventFilter } from './workflow.ts';

const cache = new Map<string, Glob | null>();

function glob(p: string): Glob | null {
  let g = cache.get(p);
  if (g === undefined) {
    try {
      g = compileGlob(p, { separators: '/' });
    } catch {
      g = null;
    }
    if (cache.size > 2000) cache.clear();
    cache.set(p, g);
  }
  return g;
}

/** Whether `value` passes a pattern list (with `!` negations, last match wins). */
export function matchesList(patterns: readonly string[], value: string): boolean {
  let ok = false;
  for (const p of patterns) {
    const neg = p.startsWith('!');
    if (glob(neg ? p.slice(1) : p)?.test(value)) ok = !neg;
  }
  return ok;
}

function refAllowed(include: string[] | undefined, ignore: string[] | undefined, name: string): boolean {
  if (include) return matchesList(include, name);
  if (ignore) return !matchesList(ignore, name);
  return true;
}

function pathsAllowed(f: EventFilter, files: readonly string[] | null): boolean {
  if (!f.paths && !f['paths-ignore']) return true;
  // Unknown changed files (a new branch's first push) match, as Gitea does for the first commit's files.
  if (files === null) return true;
  if (f.paths) return files.some((x) => matchesList(f.paths!, x));
  return files.some((x) => !matchesList(f['paths-ignore']!, x));
}

/** A push of `ref` changing `files` (null when unknown): does the push trigger's filter accept it? */
export function pushMatches(f: EventFilter, ref: string, files: readonly string[] | null): boolean {
  const isTag = ref.startsWith('refs/tags/');
  const name = ref.replace(/^refs\/(heads|tags)\//, '');
  const hasBranch = !!(f.branches || f['branches-ignore']);
  const hasTag = !!(f.tags || f['tags-ignore']);
  if (isTag) {
    // Only branch filters given: tags do not trigger (GitHub's rule).
    if (!hasTag && hasBranch) return false;
    if (!refAllowed(f.tags, f['tags-ignore'], name)) return false;
    return true;
  }
  if (!hasBranch && hasTag) return false;
  return refAllowed(f.branches, f['branches-ignore'], name) && pathsAllowed(f, files);
}

/** Gitea's default pull_request types. */
const DEFAULT_PR_TYPES = ['opened', 'synchronize', 'reopened'];

/** A pull request event (`action` in GitHub's names) on base branch `base` changing `files`. */
export function pullMatches(f: EventFilter, action: string, base: string, files: readonly string[] | null): boolean {
  if (!(f.types ?? DEFAULT_PR_TYPES).includes(action)) return false;
  return refAllowed(f.branches, f['branches-ignore'], base) && pathsAllowed(f, files);
}

/** Gitea's `[actions]` skip strings: a head commit message holding one of them triggers no push or pull_request run. */
export const SKIP_STRINGS = ['[skip ci]', '[ci skip]', '[no ci]', '[skip actions]', '[actions skip]'];

/** Whether a commit message asks to skip workflows. */
export const isSkipped = (message: string): boolean => SKIP_STRINGS.some((s) => message.includes(s));

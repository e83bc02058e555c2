/**
 * The checks and inputs of a file write, with Gitea's messages and statuses: tree paths cleaned (`.git` refused),
 * base64 content decoded strictly, the blob sha check, paths that would turn a file into a directory, the commit's
 * author, committer, dates and message.
 */
import type { UserRecord } from '../../store/records.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { ObjectReader } from '../../git/cat-file.ts';
import { entryAtPath } from '../../git/read.ts';
import type { ObjectFormatName, TreeEntry } from '../../git/objects.ts';
import type { CommitIdentity } from '../../git/commit-write.ts';
import { fileNotExist } from './read.ts';

export type FileOperation = 'create' | 'update' | 'upload' | 'rename' | 'delete';

/** Gitea's CleanGitTreePath: a relative path with no `.`/`..`/empty segment; "" when it names `.git` or nothing. */
export function cleanTreePath(name: string): string {
  const out: string[] = [];
  for (const seg of name.replace(/\\/g, '/').split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  if (out.some((s) => s.toLowerCase() === '.git' || s.includes('\0'))) return '';
  return out.join('/');
}

/** The tree path of a file, or Gitea's 422 for a malformed one. */
export function treePathOf(raw: string): string {
  const p = cleanTreePath(raw);
  if (!p) throw new ValidationError(`path contains a malformed path component [path: ${raw}]`);
  return p;
}

/** Decodes standard base64 as Go's StdEncoding does: padded, no stray characters (422 otherwise). */
export function decodeContent(b64: string): Buffer {
  const s = b64.replace(/[\r\n]/g, '');
  const bad = /[^A-Za-z0-9+/=]/.exec(s) ?? /=[^=]/.exec(s);
  if (bad) throw new ValidationError(`illegal base64 data at input byte ${bad.index + (bad[0].startsWith('=') ? 1 : 0)}`);
  if (s.length % 4 !== 0) throw new ValidationError(`illegal base64 data at input byte ${s.length - (s.length % 4)}`);
  return Buffer.from(s, 'base64');
}

/** Gitea's 403 when the doer may not write to the branch. */
export const cannotWrite = (): ForbiddenError => new ForbiddenError('user should have a permission to write to the target branch');

/** A branch whose name nests with `name` (`a` against `a/b`): git cannot have both. */
export function nestedBranch(branches: Iterable<string>, name: string, except?: string): string | undefined {
  for (const b of branches) if (b !== except && (b.startsWith(`${name}/`) || name.startsWith(`${b}/`))) return b;
  return undefined;
}

export interface FileCheckInput {
  operation: FileOperation;
  path: string;
  fromPath: string;
  sha?: string | null | undefined;
}

const lookup = (reader: ObjectReader, format: ObjectFormatName, tree: string, p: string) => entryAtPath(reader, format, tree, p);

/**
 * Gitea's checks of one file against the branch head (every file of a request against the same head): the entry
 * being changed exists and, when a sha is given, still is that blob (422 "sha does not match" otherwise); the new path
 * does not pass through a file and, for a create or a move, does not exist yet. Returns the entry being replaced.
 */
export async function checkFile(reader: ObjectReader, format: ObjectFormatName, tree: string, f: FileCheckInput): Promise<TreeEntry | null> {
  let from: TreeEntry | null = null;
  if (f.operation !== 'create') {
    from = (await lookup(reader, format, tree, f.fromPath))?.entry ?? null;
    if (from?.type === 'tree' && f.operation === 'delete') from = null;
    if (!from && f.operation !== 'upload') throw new NotFoundError(fileNotExist(f.fromPath));
    if (f.sha && f.sha !== (from?.id ?? '')) throw new ValidationError(`sha does not match [given: ${f.sha}, expected: ${from?.id ?? ''}]`);
  }
  if (f.operation === 'delete') return from;
  const parts = f.path.split('/');
  for (let i = 0; i < parts.length; i++) {
    const sub = parts.slice(0, i + 1).join('/');
    const found = await lookup(reader, format, tree, sub);
    if (!found) break;
    const e = found.entry;
    if (i < parts.length - 1) {
      if (e.type !== 'tree') throw new ValidationError(`a file exists where you’re trying to create a subdirectory [path: ${sub}]`);
    } else if (e.mode === '120000') {
      throw new ValidationError(`a symbolic link exists where you’re trying to create a subdirectory [path: ${sub}]`);
    } else if (e.type === 'tree') {
      throw new ValidationError(`a directory exists where you’re trying to create a file [path: ${sub}]`);
    } else if (f.fromPath !== f.path || f.operation === 'create') {
      throw new ValidationError(`repository file already exists [path: ${f.path}]`);
    }
  }
  return from;
}

export interface IdentityInput {
  name?: string | null | undefined;
  email?: string | null | undefined;
}

/** What git keeps of an identity part (no angle brackets, newlines or NUL; trimmed). */
const identPart = (s: string | null | undefined): string => (s ?? '').replace(/[<>\n\0]/g, '').trim();

/** Gitea's makeGitUserSignature: the identity given, completed from the other one, then from the doer. */
function signature(doer: UserRecord, own: IdentityInput | null | undefined, other: IdentityInput | null | undefined): { name: string; email: string } {
  return {
    name: identPart(own?.name) || identPart(other?.name) || identPart(doer.full_name) || doer.name,
    email: identPart(own?.email) || identPart(other?.email) || doer.email,
  };
}

/** An RFC 3339 date as git's `@<unix> <offset>` (the writer's offset kept); 422 when it does not parse. */
export function gitDate(rfc3339: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}:\d{2})(\.\d+)?(Z|z|[+-]\d{2}:\d{2})$/.exec(rfc3339.trim());
  const ms = m ? Date.parse(`${m[1]}T${m[2]}${m[4]!.toUpperCase()}`) : NaN;
  if (!m || Number.isNaN(ms)) throw new ValidationError(`parsing time "${rfc3339}" as RFC 3339 failed`);
  // git stores seconds since 1970 and refuses earlier dates
  if (ms < 0) throw new ValidationError(`time "${rfc3339}" is before 1970, which git cannot record`);
  const zone = /^[Zz]$/.test(m[4]!) ? '+0000' : m[4]!.replace(':', '');
  return `@${Math.floor(ms / 1000)} ${zone}`;
}

export interface CommitPeople {
  author: CommitIdentity;
  committer: CommitIdentity;
}

/** Go's zero time, which Gitea's own Go SDK sends for a date left unset; Gitea reads it as no date. */
const GO_ZERO_TIME = Date.parse('0001-01-01T00:00:00Z');

/** The date of an RFC 3339 string as git's form, or null when there is none (absent, empty or Go's zero time). */
function givenDate(rfc3339: string | null | undefined): string | null {
  if (!rfc3339 || Date.parse(rfc3339.trim().toUpperCase()) === GO_ZERO_TIME) return null;
  return gitDate(rfc3339);
}

/** Author and committer of the commit, with Gitea's fallbacks; a missing date takes the other's, or now. */
export function commitPeople(doer: UserRecord, o: { author?: IdentityInput | null; committer?: IdentityInput | null; dates?: { author?: string | null; committer?: string | null } | null }): CommitPeople {
  const a = signature(doer, o.author, o.committer);
  const c = signature(doer, o.committer, o.author);
  const ad = givenDate(o.dates?.author);
  const cd = givenDate(o.dates?.committer);
  const now = `@${Math.floor(Date.now() / 1000)} +0000`;
  return { author: { ...a, date: ad ?? cd ?? now }, committer: { ...c, date: cd ?? ad ?? now } };
}

/** Gitea's default message when none is given: `Add a, b`, `Update c`, `Delete d`, one line each. */
export function defaultMessage(files: { operation: FileOperation; path: string }[]): string {
  const of = (ops: FileOperation[]) => files.filter((f) => ops.includes(f.operation)).map((f) => f.path).join(', ');
  const lines = [['Add', of(['create'])], ['Update', of(['update', 'upload', 'rename'])], ['Delete', of(['delete'])]];
  return lines.filter(([, list]) => list).map(([verb, list]) => `${verb} ${list}`).join('\n');
}

/** The commit message as Gitea writes it: trimmed, a newline, and the sign-off line of the committer when asked. */
export function commitMessage(message: string, signoff: boolean, committer: { name: string; email: string }): string {
  if (message.includes('\0')) throw new ValidationError('the commit message must not contain a NUL byte');
  return `${message.trim()}\n${signoff ? `\nSigned-off-by: ${committer.name} <${committer.email}>` : ''}`;
}

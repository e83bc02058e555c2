/** Ref writes done by the API (create/delete a branch or tag). Every write states the old value it expects. */
import { runGit } from './read.ts';
import { isValidBranchOrTagRef } from './ref-name.ts';
import { tagObjectBody, writeLooseObject } from './loose-object.ts';
import { formatOfId } from './objects.ts';

/** True when `ref` (a full refs/heads/ or refs/tags/ name) is valid for git and Gitea (checked in-process). */
export async function isValidRefName(_gitDir: string, ref: string): Promise<boolean> {
  return isValidBranchOrTagRef(ref);
}

/**
 * Points `ref` at `newId` if it currently is `oldId` (the zero id: must not exist yet; a zero `newId`: delete).
 * Rejects with GitCommandError when the ref moved meanwhile or its name clashes with another ref.
 */
export async function updateRef(gitDir: string, ref: string, newId: string, oldId: string): Promise<void> {
  // --end-of-options: no ref name is ever read as an option
  if (/^0+$/.test(newId)) await runGit(gitDir, ['update-ref', '-d', '--end-of-options', ref, oldId]);
  else await runGit(gitDir, ['update-ref', '--end-of-options', ref, newId, oldId]);
}

export interface RefMove {
  ref: string;
  /** The new id; the zero id deletes the ref. */
  newId: string;
  /** The id the ref must hold now; the zero id: it must not exist. */
  oldId: string;
}

/**
 * Moves several refs in one `update-ref --stdin` transaction: all move or none does. Rejects with GitCommandError
 * when a ref no longer holds its expected old value (or a name clashes with an existing ref).
 */
export async function updateRefs(gitDir: string, moves: RefMove[]): Promise<void> {
  const lines = moves.map((m) => (/^0+$/.test(m.newId) ? `delete ${m.ref} ${m.oldId}` : `update ${m.ref} ${m.newId} ${m.oldId}`));
  await runGit(gitDir, ['update-ref', '--stdin'], { input: `start\n${lines.join('\n')}\nprepare\ncommit\n` });
}

export interface Tagger {
  name: string;
  email: string;
}

/** Writes an annotated tag object for `target` (no git process) and returns its id (the ref is set separately). */
export async function writeTagObject(gitDir: string, name: string, target: string, targetType: string, message: string, tagger: Tagger): Promise<string> {
  const body = tagObjectBody(name, target, targetType, message, tagger, Math.floor(Date.now() / 1000));
  // written by the host (what `git mktag` would store for this body, which is well-formed by construction)
  return writeLooseObject(gitDir, formatOfId(target) ?? 'sha1', 'tag', body);
}

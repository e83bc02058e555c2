/** Ref writes done by the API (create/delete a branch or tag). Every write states the old value it expects. */
import { runGit, GitCommandError } from './read.ts';

/** True when `ref` (a full refs/... name) is a valid ref name for git. */
export async function isValidRefName(gitDir: string, ref: string): Promise<boolean> {
  if (!ref.startsWith('refs/') || /[\0\n]/.test(ref)) return false;
  try {
    await runGit(gitDir, ['check-ref-format', ref]);
    return true;
  } catch (err) {
    if (err instanceof GitCommandError) return false;
    throw err;
  }
}

/**
 * Points `ref` at `newId` if it currently is `oldId` (the zero id: must not exist yet; a zero `newId`: delete).
 * Rejects with GitCommandError when the ref moved meanwhile or its name clashes with another ref.
 */
export async function updateRef(gitDir: string, ref: string, newId: string, oldId: string): Promise<void> {
  if (/^0+$/.test(newId)) await runGit(gitDir, ['update-ref', '-d', ref, oldId]);
  else await runGit(gitDir, ['update-ref', ref, newId, oldId]);
}

export interface Tagger {
  name: string;
  email: string;
}

/** Writes an annotated tag object for `target` and returns its id (the ref is set separately with updateRef). */
export async function writeTagObject(gitDir: string, name: string, target: string, targetType: string, message: string, tagger: Tagger): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const clean = (s: string): string => s.replace(/[<>\n\0]/g, '');
  const body = `object ${target}\ntype ${targetType}\ntag ${name}\ntagger ${clean(tagger.name)} <${clean(tagger.email)}> ${now} +0000\n\n${message.endsWith('\n') ? message : `${message}\n`}`;
  return (await runGit(gitDir, ['mktag'], { input: body })).toString('utf8').trim();
}

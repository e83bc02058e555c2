/** An annotated tag object as Gitea's `AnnotatedTag` JSON. */
import { toVerification, type CommitLike, type RepoLinks } from './commit.ts';
import type { CommitUser } from '../structs/commit.ts';
import type { AnnotatedTag } from '../structs/tag.ts';

interface SignatureUnix {
  name: string;
  email: string;
  unix: number;
}

/** Gitea's `CommitUser`: the date in UTC, RFC 3339 without fractions. */
export const toCommitUser = (s: SignatureUnix): CommitUser => ({ name: s.name, email: s.email, date: new Date(s.unix * 1000).toISOString().replace('.000Z', 'Z') });

export interface AnnotatedTagLike {
  tag: { id: string; name: string; message: string; tagger: SignatureUnix | null };
  name: string;
  commit: Pick<CommitLike, 'id' | 'signature'>;
}

/** Gitea's `AnnotatedTag`: the message as stored (git's trailing newline kept); as in Gitea, verification is the commit's. */
export function toAnnotatedTag(t: AnnotatedTagLike, links: RepoLinks): AnnotatedTag {
  return {
    tag: t.tag.name || t.name,
    sha: t.tag.id,
    url: `${links.api}/git/tags/${t.tag.id}`,
    message: t.tag.message,
    tagger: t.tag.tagger ? toCommitUser(t.tag.tagger) : null,
    object: { type: 'commit', url: `${links.api}/git/commits/${t.commit.id}`, sha: t.commit.id },
    verification: toVerification(t.commit),
  };
}

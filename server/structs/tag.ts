/** Gitea's tag and ref shapes: `Tag`, `CreateTagOption`, `AnnotatedTag`, `Reference`. */
import { z } from 'zod';
import { CommitMeta, CommitUser, PayloadCommitVerification } from './commit.ts';

/** Gitea's `Tag`. */
export const Tag = z.strictObject({
  name: z.string(),
  message: z.string(),
  id: z.string(),
  commit: CommitMeta,
  zipball_url: z.string(),
  tarball_url: z.string(),
}).meta({ id: 'Tag' });
export type Tag = z.infer<typeof Tag>;

/** `POST /repos/{owner}/{repo}/tags`: a lightweight tag, or an annotated one when `message` is given. */
export const CreateTagOption = z.object({
  tag_name: z.string().min(1).max(100),
  target: z.string().optional(),
  message: z.string().optional(),
}).meta({ id: 'CreateTagOption' });
export type CreateTagOption = z.infer<typeof CreateTagOption>;

/** Gitea's `AnnotatedTagObject`: what an annotated tag points at. */
export const AnnotatedTagObject = z.strictObject({ type: z.string(), url: z.string(), sha: z.string() }).meta({ id: 'AnnotatedTagObject' });
export type AnnotatedTagObject = z.infer<typeof AnnotatedTagObject>;

/** Gitea's `AnnotatedTag` (`GET /repos/{owner}/{repo}/git/tags/{sha}`). */
export const AnnotatedTag = z.strictObject({
  tag: z.string(),
  sha: z.string(),
  url: z.string(),
  message: z.string(),
  /** null for a tag object without a tagger line (git mktag accepts one; Gitea fails on it). */
  tagger: CommitUser.nullable(),
  object: AnnotatedTagObject,
  verification: PayloadCommitVerification.nullable(),
}).meta({ id: 'AnnotatedTag' });
export type AnnotatedTag = z.infer<typeof AnnotatedTag>;

/** Gitea's `GitObject`. */
export const GitObject = z.strictObject({ type: z.string(), sha: z.string(), url: z.string() }).meta({ id: 'GitObject' });
export type GitObject = z.infer<typeof GitObject>;

/** Gitea's `Reference`. */
export const Reference = z.strictObject({ ref: z.string(), url: z.string(), object: GitObject }).meta({ id: 'Reference' });
export type Reference = z.infer<typeof Reference>;

/** Gitea's `TagProtection`. */
export const TagProtection = z.strictObject({
  id: z.number().int(),
  name_pattern: z.string(),
  whitelist_usernames: z.array(z.string()),
  whitelist_teams: z.array(z.string()),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
}).meta({ id: 'TagProtection' });
export type TagProtection = z.infer<typeof TagProtection>;

/** `POST /repos/{owner}/{repo}/tag_protections`. */
export const CreateTagProtectionOption = z.object({
  name_pattern: z.string().max(1024).optional(),
  whitelist_usernames: z.array(z.string()).max(1000).optional(),
  whitelist_teams: z.array(z.string()).max(1000).optional(),
}).meta({ id: 'CreateTagProtectionOption' });
export type CreateTagProtectionOption = z.infer<typeof CreateTagProtectionOption>;

/** `PATCH /repos/{owner}/{repo}/tag_protections/{id}`. */
export const EditTagProtectionOption = CreateTagProtectionOption.meta({ id: 'EditTagProtectionOption' });
export type EditTagProtectionOption = z.infer<typeof EditTagProtectionOption>;

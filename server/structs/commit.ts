/** Gitea's commit shapes: `Commit`, `RepoCommit`, `CommitMeta`, `PayloadCommit` (branch heads, push payloads) and friends. */
import { z } from 'zod';
import { dateTime, email, int } from './common.ts';
import { User } from './user.ts';

/** Gitea's `PayloadUser`: a git identity, with the account name when its email is known here. */
export const PayloadUser = z.strictObject({ name: z.string(), email, username: z.string() }).meta({ id: 'PayloadUser' });
export type PayloadUser = z.infer<typeof PayloadUser>;

/** Gitea's `PayloadCommitVerification`; `signer` is null when nobody verified the signature. */
export const PayloadCommitVerification = z.strictObject({
  verified: z.boolean(),
  reason: z.string(),
  signature: z.string(),
  signer: PayloadUser.nullable(),
  payload: z.string(),
}).meta({ id: 'PayloadCommitVerification' });
export type PayloadCommitVerification = z.infer<typeof PayloadCommitVerification>;

/** Gitea's `PayloadCommit`; the file lists are null where Gitea leaves them nil (branch heads). */
export const PayloadCommit = z.strictObject({
  id: z.string(),
  message: z.string(),
  url: z.string(),
  author: PayloadUser,
  committer: PayloadUser,
  verification: PayloadCommitVerification.nullable(),
  timestamp: dateTime,
  added: z.array(z.string()).nullable(),
  removed: z.array(z.string()).nullable(),
  modified: z.array(z.string()).nullable(),
}).meta({ id: 'PayloadCommit' });
export type PayloadCommit = z.infer<typeof PayloadCommit>;

/** Gitea's `CommitMeta`: a commit, tree or tag by id with its API URL. */
export const CommitMeta = z.strictObject({ url: z.string(), sha: z.string(), created: dateTime }).meta({ id: 'CommitMeta' });
export type CommitMeta = z.infer<typeof CommitMeta>;

/** Gitea's `CommitUser`: a git identity with the date of its signature (RFC 3339 with the signer's offset). */
export const CommitUser = z.strictObject({ name: z.string(), email, date: z.string() }).meta({ id: 'CommitUser' });
export type CommitUser = z.infer<typeof CommitUser>;

/** Gitea's `RepoCommit`: the git data of a commit. */
export const RepoCommit = z.strictObject({
  url: z.string(),
  author: CommitUser,
  committer: CommitUser,
  message: z.string(),
  tree: CommitMeta,
  verification: PayloadCommitVerification.nullable(),
}).meta({ id: 'RepoCommit' });
export type RepoCommit = z.infer<typeof RepoCommit>;

/** Gitea's `CommitAffectedFiles`. */
export const CommitAffectedFiles = z.strictObject({ filename: z.string(), status: z.string() }).meta({ id: 'CommitAffectedFiles' });
export type CommitAffectedFiles = z.infer<typeof CommitAffectedFiles>;

/** Gitea's `CommitStats`. */
export const CommitStats = z.strictObject({ total: int, additions: int, deletions: int }).meta({ id: 'CommitStats' });
export type CommitStats = z.infer<typeof CommitStats>;

/** Gitea's `Commit`: `author`/`committer` are accounts (null when no account has the email); files and stats only when asked for. */
export const Commit = z.strictObject({
  url: z.string(),
  sha: z.string(),
  created: dateTime,
  html_url: z.string(),
  commit: RepoCommit,
  author: User.nullable(),
  committer: User.nullable(),
  parents: z.array(CommitMeta),
  files: z.array(CommitAffectedFiles).nullable(),
  stats: CommitStats.nullable(),
}).meta({ id: 'Commit' });
export type Commit = z.infer<typeof Commit>;

/** Gitea's `Compare`: the commits head has and base lacks (newest first) and their count. */
export const Compare = z.strictObject({ commits: z.array(Commit), total_commits: int }).meta({ id: 'Compare' });
export type Compare = z.infer<typeof Compare>;

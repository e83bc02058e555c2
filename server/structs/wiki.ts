/** Gitea's wiki shapes: `WikiCommit`, `WikiPageMetaData`, `WikiPage`, `WikiCommitList`, `CreateWikiPageOptions`. */
import { z } from 'zod';
import { int } from './common.ts';
import { CommitUser } from './commit.ts';

/** Gitea's `WikiCommit` (its JSON spells the committer `commiter`). */
export const WikiCommit = z.strictObject({
  sha: z.string(),
  author: CommitUser,
  commiter: CommitUser,
  message: z.string(),
}).meta({ id: 'WikiCommit' });
export type WikiCommit = z.infer<typeof WikiCommit>;

/** Gitea's `WikiPageMetaData`: a page in the list. */
export const WikiPageMetaData = z.strictObject({
  title: z.string(),
  html_url: z.string(),
  sub_url: z.string(),
  last_commit: WikiCommit,
}).meta({ id: 'WikiPageMetaData' });
export type WikiPageMetaData = z.infer<typeof WikiPageMetaData>;

/** Gitea's `WikiPage`: content, sidebar and footer base64-encoded. */
export const WikiPage = WikiPageMetaData.extend({
  content_base64: z.string(),
  commit_count: int,
  sidebar: z.string(),
  footer: z.string(),
}).meta({ id: 'WikiPage' });
export type WikiPage = z.infer<typeof WikiPage>;

/** Gitea's `WikiCommitList`: one page of a page's revisions and how many there are. */
export const WikiCommitList = z.strictObject({ commits: z.array(WikiCommit), count: int }).meta({ id: 'WikiCommitList' });
export type WikiCommitList = z.infer<typeof WikiCommitList>;

/** Gitea's `CreateWikiPageOptions` (create and edit): title, content in base64, commit message. */
export const CreateWikiPageOptions = z.object({
  title: z.string().optional(),
  content_base64: z.string().optional(),
  message: z.string().optional(),
}).meta({ id: 'CreateWikiPageOptions' });
export type CreateWikiPageOptions = z.infer<typeof CreateWikiPageOptions>;

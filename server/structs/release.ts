/** Gitea's release shapes: `Release`, `Attachment`, `CreateReleaseOption`, `EditReleaseOption`, `EditAttachmentOptions`. */
import { z } from 'zod';
import { dateTime, int } from './common.ts';
import { User } from './user.ts';
import { Attachment } from './issue.ts';

/** Gitea's `Attachment`: one shape for release, issue and comment files. */
export { Attachment };

/** Gitea's `Release`. */
export const Release = z.strictObject({
  id: int,
  tag_name: z.string(),
  target_commitish: z.string(),
  name: z.string(),
  body: z.string(),
  url: z.string(),
  html_url: z.string(),
  tarball_url: z.string(),
  zipball_url: z.string(),
  upload_url: z.string(),
  draft: z.boolean(),
  prerelease: z.boolean(),
  created_at: dateTime,
  published_at: dateTime,
  author: User,
  assets: z.array(Attachment),
}).meta({ id: 'Release' });
export type Release = z.infer<typeof Release>;

/** `POST /repos/{owner}/{repo}/releases`. */
export const CreateReleaseOption = z.object({
  tag_name: z.string().min(1).max(255),
  target_commitish: z.string().max(255).optional(),
  name: z.string().max(255).optional(),
  body: z.string().optional(),
  draft: z.boolean().optional(),
  prerelease: z.boolean().optional(),
  tag_message: z.string().optional(),
}).meta({ id: 'CreateReleaseOption' });
export type CreateReleaseOption = z.infer<typeof CreateReleaseOption>;

/** `PATCH /repos/{owner}/{repo}/releases/{id}`: empty strings keep the old values, as in Gitea. */
export const EditReleaseOption = z.object({
  tag_name: z.string().max(255).optional(),
  target_commitish: z.string().max(255).optional(),
  name: z.string().max(255).optional(),
  body: z.string().optional(),
  draft: z.boolean().optional(),
  prerelease: z.boolean().optional(),
}).meta({ id: 'EditReleaseOption' });
export type EditReleaseOption = z.infer<typeof EditReleaseOption>;

export { EditAttachmentOptions } from './issue-extras.ts';

const bool = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Query of the release list: `draft`, `pre-release` (hyphenated, as Gitea spells it); paging by `page` and `limit` only. */
export const ReleaseListQuery = z.object({ 'draft': bool.optional(), 'pre-release': bool.optional() }).loose();
export type ReleaseListQuery = z.infer<typeof ReleaseListQuery>;

/** Query of an upload: the file's name, else the multipart part's file name. */
export const UploadAttachmentQuery = z.object({ name: z.string().max(255).optional() }).loose();
export type UploadAttachmentQuery = z.infer<typeof UploadAttachmentQuery>;

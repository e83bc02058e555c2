/** Gitea's public facts about a host: `ServerVersion` and the `General*Settings` answers of /settings/*. */
import { z } from 'zod';
import { int } from './common.ts';

/** `GET /version`. */
export const ServerVersion = z.strictObject({ version: z.string() }).meta({ id: 'ServerVersion' });
export type ServerVersion = z.infer<typeof ServerVersion>;

/** `GET /settings/api`. */
export const GeneralAPISettings = z.strictObject({
  max_response_items: int,
  default_paging_num: int,
  default_git_trees_per_page: int,
  default_max_blob_size: int,
  default_max_response_size: int,
}).meta({ id: 'GeneralAPISettings' });
export type GeneralAPISettings = z.infer<typeof GeneralAPISettings>;

/** `GET /settings/repository`. */
export const GeneralRepoSettings = z.strictObject({
  mirrors_disabled: z.boolean(),
  http_git_disabled: z.boolean(),
  migrations_disabled: z.boolean(),
  stars_disabled: z.boolean(),
  time_tracking_disabled: z.boolean(),
  lfs_disabled: z.boolean(),
}).meta({ id: 'GeneralRepoSettings' });
export type GeneralRepoSettings = z.infer<typeof GeneralRepoSettings>;

/** `GET /settings/ui`. */
export const GeneralUISettings = z.strictObject({
  default_theme: z.string(),
  allowed_reactions: z.array(z.string()),
  custom_emojis: z.array(z.string()),
}).meta({ id: 'GeneralUISettings' });
export type GeneralUISettings = z.infer<typeof GeneralUISettings>;

/** `GET /settings/attachment`. */
export const GeneralAttachmentSettings = z.strictObject({
  enabled: z.boolean(),
  allowed_types: z.string(),
  max_size: int,
  max_files: int,
}).meta({ id: 'GeneralAttachmentSettings' });
export type GeneralAttachmentSettings = z.infer<typeof GeneralAttachmentSettings>;

/** Gitea's `MarkdownOption` (`POST /markdown`): the text, the mode (markdown, gfm, comment, wiki, file), the context path. */
export const MarkdownOption = z.object({
  Text: z.string().optional(),
  Mode: z.string().optional(),
  Context: z.string().optional(),
  Wiki: z.boolean().optional(),
}).meta({ id: 'MarkdownOption' });
export type MarkdownOption = z.infer<typeof MarkdownOption>;

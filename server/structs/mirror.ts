/** Wire shapes of the migration and mirror routes (Gitea's MigrateRepoOptions, CreatePushMirrorOption, PushMirror). */
import { z } from 'zod';
import { dateTime } from './common.ts';

/** Gitea's MigrateRepoOptions. Issues, labels and milestones come from a `gitea` source; pull requests, releases, wiki and lfs are refused (422). */
export const MigrateRepoOptions = z.object({
  clone_addr: z.string().min(1).max(2048),
  repo_name: z.string().min(1).max(100),
  repo_owner: z.string().optional(),
  uid: z.number().int().optional(),
  auth_username: z.string().optional(),
  auth_password: z.string().optional(),
  auth_token: z.string().optional(),
  mirror: z.boolean().optional(),
  mirror_interval: z.string().optional(),
  private: z.boolean().optional(),
  description: z.string().max(2048).optional(),
  service: z.enum(['git', 'github', 'gitea', 'gitlab', 'gogs', 'onedev', 'gitbucket', 'codebase', 'codecommit']).optional(),
  wiki: z.boolean().optional(),
  issues: z.boolean().optional(),
  labels: z.boolean().optional(),
  milestones: z.boolean().optional(),
  pull_requests: z.boolean().optional(),
  releases: z.boolean().optional(),
  lfs: z.boolean().optional(),
  lfs_endpoint: z.string().optional(),
  aws_access_key_id: z.string().optional(),
  aws_secret_access_key: z.string().optional(),
}).meta({ id: 'MigrateRepoOptions' });
export type MigrateRepoOptions = z.infer<typeof MigrateRepoOptions>;

/** Gitea's CreatePushMirrorOption. */
export const CreatePushMirrorOption = z.object({
  remote_address: z.string().max(2048),
  remote_username: z.string().optional(),
  remote_password: z.string().optional(),
  interval: z.string().optional(),
  sync_on_commit: z.boolean().optional(),
}).meta({ id: 'CreatePushMirrorOption' });
export type CreatePushMirrorOption = z.infer<typeof CreatePushMirrorOption>;

/** Gitea's `PushMirror`: `last_update` is null until the first push. */
export const PushMirror = z.strictObject({
  repo_name: z.string(),
  remote_name: z.string(),
  remote_address: z.string(),
  created: dateTime,
  last_update: dateTime.nullable(),
  last_error: z.string(),
  interval: z.string(),
  sync_on_commit: z.boolean(),
}).meta({ id: 'PushMirror' });
export type PushMirror = z.infer<typeof PushMirror>;

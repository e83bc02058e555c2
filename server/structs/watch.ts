/** Gitea's `WatchInfo`: the acting user's subscription to a repository. */
import { z } from 'zod';
import { dateTime } from './common.ts';

/** Gitea's `WatchInfo`; as in Gitea, `created_at` is the repository's creation time and `reason` is null. */
export const WatchInfo = z.strictObject({
  subscribed: z.boolean(),
  ignored: z.boolean(),
  reason: z.null(),
  created_at: dateTime,
  url: z.string(),
  repository_url: z.string(),
}).meta({ id: 'WatchInfo' });
export type WatchInfo = z.infer<typeof WatchInfo>;

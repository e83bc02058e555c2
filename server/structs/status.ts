/** Gitea's commit status shapes: `CommitStatus`, `CombinedStatus`, `CreateStatusOption`, the list query. */
import { z } from 'zod';
import { dateTime, int } from './common.ts';
import { User } from './user.ts';
import { Repository } from './repo.ts';

/** Every state a status may have (Gitea's commitstatus.CommitStatusState). */
export const CommitStatusState = z.enum(['pending', 'success', 'error', 'failure', 'warning', 'skipped']);
export type CommitStatusState = z.infer<typeof CommitStatusState>;

/** `POST /repos/{owner}/{repo}/statuses/{sha}`; the request names the state `state`. */
export const CreateStatusOption = z.object({
  state: CommitStatusState,
  target_url: z.string().max(2048).optional(),
  description: z.string().max(1024).optional(),
  context: z.string().max(255).optional(),
}).meta({ id: 'CreateStatusOption' });
export type CreateStatusOption = z.infer<typeof CreateStatusOption>;

/** Gitea's `CommitStatus`; the answer names the state `status`. */
export const CommitStatus = z.strictObject({
  id: int,
  status: CommitStatusState,
  target_url: z.string(),
  description: z.string(),
  url: z.string(),
  context: z.string(),
  creator: User.nullable(),
  created_at: dateTime,
  updated_at: dateTime,
}).meta({ id: 'CommitStatus' });
export type CommitStatus = z.infer<typeof CommitStatus>;

/** Gitea's `CombinedStatus`: the latest status of each context and the state they add up to. */
export const CombinedStatus = z.strictObject({
  state: CommitStatusState,
  sha: z.string(),
  total_count: int,
  statuses: z.array(CommitStatus),
  repository: Repository,
  commit_url: z.string(),
  url: z.string(),
}).meta({ id: 'CombinedStatus' });
export type CombinedStatus = z.infer<typeof CombinedStatus>;

/** The list's sort orders (Gitea's CommitStatusOptions.SortType); anything else is newest first. */
export const StatusSort = z.enum(['oldest', 'recentupdate', 'leastupdate', 'leastindex', 'highestindex']);

/** Query of the status lists. */
export const StatusListQuery = z.object({
  sort: StatusSort.optional(),
  state: z.enum(['pending', 'success', 'error', 'failure', 'warning']).optional(),
}).loose();
export type StatusListQuery = z.infer<typeof StatusListQuery>;

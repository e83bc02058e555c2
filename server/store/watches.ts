/** Who watches which repository (Gitea's watch table). */
import type { WatchRecord } from './records.ts';
import { userRepoLinks } from './user-repo-links.ts';

export const { get, listByRepo, listByUser, countByRepo, countByRepoEach, insert, remove, removeByRepo, removeByUser } = userRepoLinks<WatchRecord>('watches');

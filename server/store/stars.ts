/** Who starred which repository (Gitea's star table). */
import type { StarRecord } from './records.ts';
import { userRepoLinks } from './user-repo-links.ts';

export const { get, pageByRepo, listByUser, countByUser, countByRepoEach, insert, remove, removeByRepo, removeByUser } = userRepoLinks<StarRecord>('stars');

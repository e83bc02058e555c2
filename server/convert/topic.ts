/** Maps a topic record to Gitea's `TopicResponse`. */
import type { TopicRecord } from '../store/topics.ts';
import type { TopicResponse } from '../structs/topic.ts';

/** Gitea's ToTopicResponse, with `repoCount` the repositories having the topic that the viewer may read. */
export const toTopicResponse = (t: TopicRecord, repoCount: number): TopicResponse => ({
  id: t.id, topic_name: t.name, repo_count: repoCount, created: t.created, updated: t.updated,
});

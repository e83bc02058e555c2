/** Wire shapes of the topic routes: Gitea's TopicName, RepoTopicOptions, TopicResponse and TopicListResponse. */
import { z } from 'zod';
import { dateTime, int } from './common.ts';

/** Gitea's `TopicName`: a repository's topic names (GET /repos/{owner}/{repo}/topics). */
export const TopicName = z.strictObject({ topics: z.array(z.string()) }).meta({ id: 'TopicName' });
export type TopicName = z.infer<typeof TopicName>;

/** Gitea's `RepoTopicOptions`: the topics replacing a repository's (none when left out, as in Gitea). */
export const RepoTopicOptions = z.object({ topics: z.array(z.string()).optional() }).meta({ id: 'RepoTopicOptions' });
export type RepoTopicOptions = z.infer<typeof RepoTopicOptions>;

/** Gitea's `TopicResponse`; `repo_count` counts the repositories the viewer may read. */
export const TopicResponse = z.strictObject({
  id: int,
  topic_name: z.string(),
  repo_count: int,
  created: dateTime,
  updated: dateTime,
}).meta({ id: 'TopicResponse' });
export type TopicResponse = z.infer<typeof TopicResponse>;

/** Gitea's `TopicListResponse` (GET /topics/search). */
export const TopicListResponse = z.strictObject({ topics: z.array(TopicResponse) }).meta({ id: 'TopicListResponse' });
export type TopicListResponse = z.infer<typeof TopicListResponse>;

/** Query of GET /topics/search: `q` is matched anywhere in the name; without it every topic matches, as in Gitea. */
export const TopicSearchQuery = z.object({ q: z.string().optional() });
export type TopicSearchQuery = z.infer<typeof TopicSearchQuery>;

/** Gitea's notification wire types: `NotificationThread`, its `NotificationSubject`, `NotificationCount`, and the notify queries. */
import { z } from 'zod';
import { dateTime, int } from './common.ts';
import { Repository } from './repo.ts';

/** Gitea's `NotificationSubject`: what a thread is about (Release as Gitea's newer servers send it). */
export const NotificationSubject = z.strictObject({
  title: z.string(),
  url: z.string(),
  latest_comment_url: z.string(),
  html_url: z.string(),
  latest_comment_html_url: z.string(),
  type: z.enum(['Issue', 'Pull', 'Commit', 'Repository', 'Release']),
  state: z.union([z.enum(['open', 'closed', 'merged']), z.literal('')]),
}).meta({ id: 'NotificationSubject' });
export type NotificationSubject = z.infer<typeof NotificationSubject>;

/** Gitea's `NotificationThread`. */
export const NotificationThread = z.strictObject({
  id: int,
  repository: Repository,
  subject: NotificationSubject,
  unread: z.boolean(),
  pinned: z.boolean(),
  updated_at: dateTime,
  url: z.string(),
}).meta({ id: 'NotificationThread' });
export type NotificationThread = z.infer<typeof NotificationThread>;

/** Gitea's `NotificationCount`. */
export const NotificationCount = z.strictObject({ new: int }).meta({ id: 'NotificationCount' });
export type NotificationCount = z.infer<typeof NotificationCount>;

/** A query parameter given once or repeated (`status-types=unread&status-types=pinned`). */
const many = z.union([z.string(), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v : [v])).optional();
const queryBool = z.string().transform((v) => ['1', 't', 'true'].includes(v.toLowerCase())).optional();

/** Query of GET /notifications and GET /repos/{owner}/{repo}/notifications (Gitea's 422 on a bad time). */
export const NotificationListQuery = z.object({
  all: queryBool,
  'status-types': many,
  'subject-type': many,
  since: dateTime.optional(),
  before: dateTime.optional(),
}).loose();
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;

/** Query of PUT /notifications and PUT /repos/{owner}/{repo}/notifications (`last_read_at` is checked by the service: Gitea's 400). */
export const NotificationReadQuery = z.object({
  last_read_at: z.string().optional(),
  all: queryBool,
  'status-types': many,
  'to-status': z.string().optional(),
}).loose();
export type NotificationReadQuery = z.infer<typeof NotificationReadQuery>;

/** Query of PATCH /notifications/threads/{id}. */
export const NotificationThreadQuery = z.object({ 'to-status': z.string().optional() }).loose();
export type NotificationThreadQuery = z.infer<typeof NotificationThreadQuery>;

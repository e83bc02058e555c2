/** Gitea's `Cron`: one scheduled task as the admin cron list shows it. */
import { z } from 'zod';
import { dateTime, int } from './common.ts';

/** `GET /admin/cron`: a task, its schedule, next and previous run (Go's zero time when none) and run count. */
export const Cron = z.strictObject({
  name: z.string(),
  schedule: z.string(),
  next: dateTime,
  prev: dateTime,
  exec_times: int,
}).meta({ id: 'Cron' });
export type Cron = z.infer<typeof Cron>;

/** Homeforge-only Actions answers: a cancelled run's state, a job's log rows. */
import { z } from 'zod';
import { int } from './common.ts';

/** A run's id and internal status (Gitea's names). */
export const ActionRunState = z.strictObject({ id: int, status: z.string() }).meta({ id: 'HomeforgeActionRunState' });

/** Log rows from an offset, and the job's internal status (the view polls while it is not done). */
export const ActionLogRows = z.strictObject({
  job_status: z.string(),
  rows: z.array(z.strictObject({ index: int, time: z.string(), content: z.string() })),
}).meta({ id: 'HomeforgeActionLogRows' });

/** Gitea's runner shapes: `ActionRunner`, `ActionRunnersResponse`, `EditActionRunnerOption`, `RegistrationToken`. */
import { z } from 'zod';
import { int } from './common.ts';

/** One label of a runner (Gitea numbers them by position and calls them all custom). */
export const ActionRunnerLabel = z.strictObject({ id: int, name: z.string(), type: z.string() }).meta({ id: 'ActionRunnerLabel' });

/** Gitea's `ActionRunner`; Homeforge adds the declared version and when the runner was last heard from. */
export const ActionRunner = z.strictObject({
  id: int,
  name: z.string(),
  /** `online` or `offline`, as Gitea's API says it; `busy` is Gitea's "active". */
  status: z.string(),
  busy: z.boolean(),
  disabled: z.boolean(),
  ephemeral: z.boolean(),
  labels: z.array(ActionRunnerLabel),
  version: z.string(),
  /** Unix seconds; 0 when never. */
  last_online: int,
}).meta({ id: 'ActionRunner' });
export type ActionRunner = z.infer<typeof ActionRunner>;

export const ActionRunnersResponse = z.strictObject({ runners: z.array(ActionRunner), total_count: int }).meta({ id: 'ActionRunnersResponse' });

/** `PATCH .../actions/runners/{runner_id}`. */
export const EditActionRunnerOption = z.object({ disabled: z.boolean() }).meta({ id: 'EditActionRunnerOption' });
export type EditActionRunnerOption = z.infer<typeof EditActionRunnerOption>;

/** `?disabled=true|false` on the runner lists. */
export const RunnerListQuery = z.object({ disabled: z.enum(['true', 'false']).optional() });
export type RunnerListQuery = z.infer<typeof RunnerListQuery>;

/** The registration-token answer: `{"token": "..."}`. */
export const RegistrationToken = z.strictObject({ token: z.string() }).meta({ id: 'RegistrationToken' });

/** Gitea's actions secret and variable shapes: `Secret`, `ActionVariable` and their create/update options. */
import { z } from 'zod';
import { dateTime, int } from './common.ts';

/** `PUT .../actions/secrets/{secretname}`: `data` is required and not empty (Gitea's binding:"Required"). */
export const CreateOrUpdateSecretOption = z.object({
  data: z.string().min(1),
  description: z.string().max(65535).optional(),
}).meta({ id: 'CreateOrUpdateSecretOption' });
export type CreateOrUpdateSecretOption = z.infer<typeof CreateOrUpdateSecretOption>;

/** Gitea's `Secret`: a name, a description and when it was made; never the value. */
export const Secret = z.strictObject({
  name: z.string(),
  description: z.string(),
  created_at: dateTime,
}).meta({ id: 'Secret' });
export type Secret = z.infer<typeof Secret>;

/** `POST .../actions/variables/{variablename}`. */
export const CreateVariableOption = z.object({
  value: z.string().min(1),
  description: z.string().max(65535).optional(),
}).meta({ id: 'CreateVariableOption' });
export type CreateVariableOption = z.infer<typeof CreateVariableOption>;

/** `PUT .../actions/variables/{variablename}`: an empty or missing `name` keeps the name. */
export const UpdateVariableOption = z.object({
  name: z.string().optional(),
  value: z.string().min(1),
  description: z.string().max(65535).optional(),
}).meta({ id: 'UpdateVariableOption' });
export type UpdateVariableOption = z.infer<typeof UpdateVariableOption>;

/** Gitea's `ActionVariable`. */
export const ActionVariable = z.strictObject({
  owner_id: int,
  repo_id: int,
  name: z.string(),
  data: z.string(),
  description: z.string(),
}).meta({ id: 'ActionVariable' });
export type ActionVariable = z.infer<typeof ActionVariable>;

/** Request bodies of the hook API (Gitea's CreateHookOption and EditHookOption) and their TS types. */
import { z } from 'zod';

/** Gitea's config is a map of strings; booleans and numbers are taken as their text. */
const configValue = z.union([z.string(), z.boolean(), z.number()]).transform((v) => String(v));

export const createHookSchema = z.object({
  type: z.string(),
  config: z.record(z.string(), configValue),
  events: z.array(z.string()).optional(),
  branch_filter: z.string().optional(),
  active: z.boolean().optional(),
  authorization_header: z.string().optional(),
  name: z.string().optional(),
});

export const editHookSchema = z.object({
  config: z.record(z.string(), configValue).optional(),
  events: z.array(z.string()).optional(),
  branch_filter: z.string().optional(),
  active: z.boolean().optional(),
  authorization_header: z.string().optional(),
  name: z.string().optional(),
});

export type CreateHookOption = z.infer<typeof createHookSchema>;
export type EditHookOption = z.infer<typeof editHookSchema>;

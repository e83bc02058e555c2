/** Gitea's webhook shapes (`CreateHookOption`, `EditHookOption`, `Hook`) and Homeforge's delivery history (`HookDelivery`). */
import { z } from 'zod';
import { dateTime, int } from './common.ts';

/** Gitea's config is a map of strings; booleans and numbers are taken as their text. */
const configValue = z.union([z.string(), z.boolean(), z.number()]).transform((v) => String(v));

/** `POST .../hooks`: `config` needs `url` and `content_type` (checked by the webhook service, per hook type). */
export const CreateHookOption = z.object({
  type: z.string(),
  config: z.record(z.string(), configValue),
  events: z.array(z.string()).optional(),
  branch_filter: z.string().optional(),
  active: z.boolean().optional(),
  authorization_header: z.string().optional(),
  name: z.string().optional(),
}).meta({ id: 'CreateHookOption' });
export type CreateHookOption = z.infer<typeof CreateHookOption>;

/** `PATCH .../hooks/{id}`: fields left out stay as they are. */
export const EditHookOption = z.object({
  config: z.record(z.string(), configValue).optional(),
  events: z.array(z.string()).optional(),
  branch_filter: z.string().optional(),
  active: z.boolean().optional(),
  authorization_header: z.string().optional(),
  name: z.string().optional(),
}).meta({ id: 'EditHookOption' });
export type EditHookOption = z.infer<typeof EditHookOption>;

/** Gitea's `Hook`. The secret and the authorization header are write-only: `authorization_header` is always "". */
export const Hook = z.strictObject({
  id: int,
  type: z.string(),
  name: z.string(),
  branch_filter: z.string(),
  config: z.record(z.string(), z.string()),
  events: z.array(z.string()),
  authorization_header: z.string(),
  active: z.boolean(),
  updated_at: dateTime,
  created_at: dateTime,
}).meta({ id: 'Hook' });
export type Hook = z.infer<typeof Hook>;

/** What a delivery sent (the authorization header masked). */
export const HookDeliveryRequest = z.strictObject({
  url: z.string(),
  http_method: z.string(),
  headers: z.record(z.string(), z.string()),
  body: z.string(),
}).meta({ id: 'HookDeliveryRequest' });

/** What came back (the body capped). */
export const HookDeliveryResponse = z.strictObject({
  status: int,
  headers: z.record(z.string(), z.string()),
  body: z.string(),
}).meta({ id: 'HookDeliveryResponse' });

/** Homeforge extension: one delivery of a hook; `payload_content` only on the single-delivery answers. */
export const HookDelivery = z.strictObject({
  id: int,
  uuid: z.string(),
  hook_id: int,
  event: z.string(),
  event_type: z.string(),
  payload_version: z.union([z.literal(1), z.literal(2)]),
  is_delivered: z.boolean(),
  is_succeed: z.boolean(),
  /** True for a test delivery (sent with `X-Homeforge-Test: true`), false for a real event. */
  is_test: z.boolean(),
  delivered: dateTime,
  request: HookDeliveryRequest.nullable(),
  response: HookDeliveryResponse.nullable(),
  /** How many times the task has been sent so far (0 while the first send waits). */
  attempt: int,
  /** When the next attempt is due after a failed one (webhook.MAX_RETRIES), or null. */
  next_retry: dateTime.nullable(),
  payload_content: z.string().optional(),
}).meta({ id: 'HookDelivery' });
export type HookDelivery = z.infer<typeof HookDelivery>;

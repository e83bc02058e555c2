/** Gitea's wire shapes for labels and milestones (requests and answers); the TS types are inferred from them. */
import { z } from 'zod';
import { dateTime, int } from './common.ts';

/** A colour as Gitea accepts it: `#rrggbb`, `rrggbb`, or the three-digit forms. */
const color = z.string().regex(/^#?([0-9a-fA-F]{6}|[0-9a-fA-F]{3})$/, 'invalid color');

/** Gitea's `Label`. */
export const Label = z.strictObject({
  id: int,
  name: z.string(),
  exclusive: z.boolean(),
  is_archived: z.boolean(),
  color: z.string(),
  description: z.string(),
  url: z.string(),
}).meta({ id: 'Label' });
export type Label = z.infer<typeof Label>;

/** `POST .../labels`: `name` and `color` are required. */
export const CreateLabelOption = z.object({
  name: z.string().min(1).max(50),
  color,
  description: z.string().max(200).optional(),
  exclusive: z.boolean().optional(),
  is_archived: z.boolean().optional(),
}).meta({ id: 'CreateLabelOption' });
export type CreateLabelOption = z.infer<typeof CreateLabelOption>;

/** `PATCH .../labels/{id}`: fields applied when present. */
export const EditLabelOption = z.object({
  name: z.string().min(1).max(50).optional(),
  color: color.optional(),
  description: z.string().max(200).optional(),
  exclusive: z.boolean().optional(),
  is_archived: z.boolean().optional(),
}).meta({ id: 'EditLabelOption' });
export type EditLabelOption = z.infer<typeof EditLabelOption>;

/** `IssueLabelsOption`: label ids, or names (Gitea accepts both). */
export const IssueLabelsOption = z.object({
  labels: z.array(z.union([int, z.string()])).optional(),
}).meta({ id: 'IssueLabelsOption' });
export type IssueLabelsOption = z.infer<typeof IssueLabelsOption>;

/** Gitea's `Milestone`. */
export const Milestone = z.strictObject({
  id: int,
  title: z.string(),
  description: z.string(),
  state: z.enum(['open', 'closed']),
  open_issues: int,
  closed_issues: int,
  created_at: dateTime,
  updated_at: dateTime.nullable(),
  closed_at: dateTime.nullable(),
  due_on: dateTime.nullable(),
}).meta({ id: 'Milestone' });
export type Milestone = z.infer<typeof Milestone>;

/** `POST .../milestones`. */
export const CreateMilestoneOption = z.object({
  title: z.string().min(1).max(255),
  description: z.string().optional(),
  due_on: z.iso.datetime({ offset: true }).optional(),
  state: z.enum(['open', 'closed']).optional(),
}).meta({ id: 'CreateMilestoneOption' });
export type CreateMilestoneOption = z.infer<typeof CreateMilestoneOption>;

/** `PATCH .../milestones/{id}`. */
export const EditMilestoneOption = z.object({
  title: z.string().min(1).max(255).optional(),
  description: z.string().optional(),
  due_on: z.iso.datetime({ offset: true }).nullable().optional(),
  state: z.enum(['open', 'closed']).optional(),
}).meta({ id: 'EditMilestoneOption' });
export type EditMilestoneOption = z.infer<typeof EditMilestoneOption>;

/** Query of the label and milestone lists. */
export const MilestoneListQuery = z.object({
  state: z.enum(['open', 'closed', 'all']).optional(),
  name: z.string().optional(),
}).loose();
export type MilestoneListQuery = z.infer<typeof MilestoneListQuery>;

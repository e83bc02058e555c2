/** Gitea's wire shapes of issue templates and the issue config (modules/structs/issue.go), plus Homeforge's new-issue view. */
import { z } from 'zod';

/** Gitea's `IssueFormField`: one field of an issue form; attributes and validations as the template wrote them. */
export const IssueFormField = z.strictObject({
  type: z.enum(['markdown', 'textarea', 'input', 'dropdown', 'checkboxes']),
  id: z.string(),
  attributes: z.record(z.string(), z.unknown()).nullable(),
  validations: z.record(z.string(), z.unknown()).nullable(),
  visible: z.array(z.enum(['form', 'content'])).optional(),
}).meta({ id: 'IssueFormField' });
export type IssueFormField = z.infer<typeof IssueFormField>;

/** Gitea's `IssueTemplate`: a markdown template (`content`) or an issue form (`body`). Absent lists are null, as Gitea sends them. */
export const IssueTemplate = z.strictObject({
  name: z.string(),
  title: z.string(),
  about: z.string(),
  labels: z.array(z.string()).nullable(),
  assignees: z.array(z.string()).nullable(),
  ref: z.string(),
  content: z.string(),
  body: z.array(IssueFormField).nullable(),
  file_name: z.string(),
}).meta({ id: 'IssueTemplate' });
export type IssueTemplate = z.infer<typeof IssueTemplate>;

/** Gitea's `IssueConfigContactLink`. */
export const IssueConfigContactLink = z.strictObject({ name: z.string(), url: z.string(), about: z.string() }).meta({ id: 'IssueConfigContactLink' });
export type IssueConfigContactLink = z.infer<typeof IssueConfigContactLink>;

/** Gitea's `IssueConfig` (the templates folder's config.yaml). */
export const IssueConfig = z.strictObject({ blank_issues_enabled: z.boolean(), contact_links: z.array(IssueConfigContactLink) }).meta({ id: 'IssueConfig' });
export type IssueConfig = z.infer<typeof IssueConfig>;

/** Gitea's `IssueConfigValidation`. */
export const IssueConfigValidation = z.strictObject({ valid: z.boolean(), message: z.string() }).meta({ id: 'IssueConfigValidation' });
export type IssueConfigValidation = z.infer<typeof IssueConfigValidation>;

/** A template file that could not be used, and why (Gitea shows these on its new-issue page). */
export const IssueTemplateError = z.strictObject({ file_name: z.string(), message: z.string() }).meta({ id: 'HomeforgeIssueTemplateError' });
export type IssueTemplateError = z.infer<typeof IssueTemplateError>;

/**
 * What the new-issue page needs in one answer: the templates, the single-file template used when there are none,
 * the config, and (for repository admins only) the files that failed and the config's error.
 */
export const NewIssueTemplates = z.strictObject({
  templates: z.array(IssueTemplate),
  default_template: IssueTemplate.nullable(),
  config: IssueConfig,
  errors: z.array(IssueTemplateError),
}).meta({ id: 'HomeforgeNewIssueTemplates' });
export type NewIssueTemplates = z.infer<typeof NewIssueTemplates>;

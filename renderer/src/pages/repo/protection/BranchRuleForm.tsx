/** The form of one branch protection rule: who may push, force-push and merge, reviews, status checks and files. */
import { z } from 'zod';
import type { BranchProtection } from '../../../api/types.ts';
import { ErrorAlert } from '../../../components/Alert.tsx';
import { Checkbox, Field, Select, TextArea } from '../../../components/Field.tsx';
import { useApiForm } from '../../../zod-form.ts';
import { CreateBranchProtectionOption, EditBranchProtectionOption } from '../../../../../server/structs/branch-protection.ts';

type Push = 'off' | 'writers' | 'list';

interface Draft {
  rule_name: string;
  push: Push;
  push_users?: string | undefined;
  force?: boolean | undefined;
  merge_users?: string | undefined;
  required_approvals: number;
  approval_users?: string | undefined;
  block_on_rejected_reviews: boolean;
  block_on_official_review_requests: boolean;
  block_on_outdated_branch: boolean;
  dismiss_stale_approvals: boolean;
  ignore_stale_approvals: boolean;
  enable_status_check: boolean;
  contexts?: string | undefined;
  protected_file_patterns: string;
  unprotected_file_patterns: string;
}

const list = (text = ''): string[] => text.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean);

function draftOf(r?: BranchProtection): Draft {
  return {
    rule_name: r?.rule_name ?? '',
    push: !r?.enable_push ? 'off' : r.enable_push_whitelist ? 'list' : 'writers',
    push_users: r?.push_whitelist_usernames.join(', ') ?? '',
    force: r?.enable_force_push ?? false,
    merge_users: r?.merge_whitelist_usernames.join(', ') ?? '',
    required_approvals: r?.required_approvals ?? 0,
    approval_users: r?.approvals_whitelist_username.join(', ') ?? '',
    block_on_rejected_reviews: r?.block_on_rejected_reviews ?? false,
    block_on_official_review_requests: r?.block_on_official_review_requests ?? false,
    block_on_outdated_branch: r?.block_on_outdated_branch ?? false,
    dismiss_stale_approvals: r?.dismiss_stale_approvals ?? false,
    ignore_stale_approvals: r?.ignore_stale_approvals ?? false,
    enable_status_check: r?.enable_status_check ?? false,
    contexts: r?.status_check_contexts.join('\n') ?? '',
    protected_file_patterns: r?.protected_file_patterns ?? '',
    unprotected_file_patterns: r?.unprotected_file_patterns ?? '',
  };
}

/** The request body (Gitea's Create/EditBranchProtectionOption) for a draft. */
function bodyOf(d: Draft, creating: boolean): Record<string, unknown> {
  const mergeUsers = list(d.merge_users);
  const approvalUsers = list(d.approval_users);
  return {
    ...(creating ? { rule_name: d.rule_name.trim() } : {}),
    enable_push: d.push !== 'off',
    enable_push_whitelist: d.push === 'list',
    push_whitelist_usernames: d.push === 'list' ? list(d.push_users) : [],
    enable_force_push: d.push !== 'off' && d.force === true,
    enable_merge_whitelist: mergeUsers.length > 0,
    merge_whitelist_usernames: mergeUsers,
    required_approvals: d.required_approvals,
    enable_approvals_whitelist: approvalUsers.length > 0,
    approvals_whitelist_username: approvalUsers,
    block_on_rejected_reviews: d.block_on_rejected_reviews,
    block_on_official_review_requests: d.block_on_official_review_requests,
    block_on_outdated_branch: d.block_on_outdated_branch,
    dismiss_stale_approvals: d.dismiss_stale_approvals,
    ignore_stale_approvals: d.ignore_stale_approvals,
    enable_status_check: d.enable_status_check,
    status_check_contexts: d.enable_status_check ? list(d.contexts) : [],
    protected_file_patterns: d.protected_file_patterns.trim(),
    unprotected_file_patterns: d.unprotected_file_patterns.trim(),
  };
}

/**
 * The form's fields on Gitea's Edit/CreateBranchProtectionOption: the settings as they are, the name lists as text
 * (split at commas when sent), and the name required when creating.
 */
const settings = EditBranchProtectionOption.pick({
  block_on_rejected_reviews: true, block_on_official_review_requests: true, block_on_outdated_branch: true, dismiss_stale_approvals: true,
  ignore_stale_approvals: true, enable_status_check: true, protected_file_patterns: true, unprotected_file_patterns: true,
}).extend({
  push: z.enum(['off', 'writers', 'list']),
  // The lists may stay empty; a field that is not shown has no value.
  push_users: z.string().optional(),
  // Off (and so without a value) while pushing is disabled.
  force: z.boolean().optional(),
  merge_users: z.string().optional(),
  required_approvals: z.coerce.number().int().min(0),
  approval_users: z.string().optional(),
  contexts: z.string().optional(),
});
const editSchema = settings;
const createSchema = settings.extend({ rule_name: CreateBranchProtectionOption.shape.rule_name.unwrap().trim().min(1) });
/** The API's field names for the form's own, so the host's findings land beside the right field. */
const ALIASES = {
  push_whitelist_usernames: 'push_users', merge_whitelist_usernames: 'merge_users', approvals_whitelist_username: 'approval_users', status_check_contexts: 'contexts',
} as const;

type Flag = 'block_on_rejected_reviews' | 'block_on_official_review_requests' | 'block_on_outdated_branch' | 'dismiss_stale_approvals' | 'ignore_stale_approvals';
const FLAGS: [Flag, string, string][] = [
  ['block_on_rejected_reviews', 'Block merge on rejected reviews', 'An official reviewer asking for changes blocks the merge.'],
  ['block_on_official_review_requests', 'Block merge on official review requests', 'An open review request to an official reviewer blocks the merge.'],
  ['block_on_outdated_branch', 'Block merge if the pull request is outdated', 'The head must contain the base branch\'s latest commit.'],
  ['dismiss_stale_approvals', 'Dismiss stale approvals', 'New commits mark earlier approvals dismissed.'],
  ['ignore_stale_approvals', 'Ignore stale approvals', 'Earlier approvals stay but do not count towards the required number after new commits.'],
];

/** Creates a rule (no `rule` given) or edits `rule`; `onSaved` gets the rule's name. */
export function BranchRuleForm({ rule, save, onSaved, onCancel }: {
  rule?: BranchProtection;
  save(body: Record<string, unknown>): Promise<BranchProtection>;
  onSaved(name: string): void;
  onCancel?(): void;
}) {
  const creating = !rule;
  const form = useApiForm<Draft>(creating ? createSchema : editSchema, draftOf(rule), 'rule_name', ALIASES);
  const onSubmit = form.submit(async (d) => {
    const saved = await save(bodyOf(d, creating));
    onSaved(saved.rule_name);
  });
  const push = form.watch('push');
  const statusCheck = form.watch('enable_status_check');
  const busy = form.formState.isSubmitting;
  const title = creating ? 'Add a branch protection rule' : `Edit rule ${rule.rule_name}`;
  return (
    <form onSubmit={onSubmit} className="card form-card" aria-label={title}>
      <h2>{title}</h2>
      <ErrorAlert>{form.formError}</ErrorAlert>
      {creating ? <Field label="Branch name or pattern" hint="A branch (main) or a glob (release/*, **)." {...form.field('rule_name')} /> : null}
      <Select label="Pushing" {...form.field('push')}>
        <option value="off">Disabled: nobody pushes directly</option>
        <option value="writers">Anyone with write access</option>
        <option value="list">Only the users listed below</option>
      </Select>
      {push === 'list' ? <Field label="Users who may push" hint="Names, separated by commas." {...form.field('push_users')} /> : null}
      <Checkbox label="Allow force pushes" disabled={push === 'off'} {...form.field('force')} />
      <Field label="Users who may merge" hint="Empty: anyone with write access." {...form.field('merge_users')} />
      <Field label="Required approvals" type="number" min={0} {...form.field('required_approvals')} />
      <Field label="Users whose approval counts" hint="Empty: anyone with write access." {...form.field('approval_users')} />
      {FLAGS.map(([k, label, hint]) => <Checkbox key={k} label={label} hint={hint} {...form.field(k)} />)}
      <Checkbox label="Require status checks" {...form.field('enable_status_check')} />
      {statusCheck ? <TextArea label="Status check contexts" rows={3} hint="One per line; globs allowed." {...form.field('contexts')} /> : null}
      <Field label="Protected file patterns" hint="Globs separated by semicolons; a push changing one is refused." {...form.field('protected_file_patterns')} />
      <Field label="Unprotected file patterns" hint="Globs separated by semicolons; writers may push changes to these files only." {...form.field('unprotected_file_patterns')} />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? 'Saving…' : creating ? 'Add rule' : 'Save rule'}</button>
        {onCancel ? <button type="button" className="btn" onClick={onCancel}>Cancel</button> : null}
      </div>
    </form>
  );
}

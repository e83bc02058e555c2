/** The form of one branch protection rule: who may push, force-push and merge, reviews, status checks and files. */
import { useState } from 'react';
import type { BranchProtection } from '../../../api/types.ts';
import { FormError } from '../../../components/Alert.tsx';
import { Checkbox, Field, Select, TextArea } from '../../../components/Field.tsx';
import { useSubmit } from '../../../use-submit.ts';

type Push = 'off' | 'writers' | 'list';

interface Draft {
  rule_name: string;
  push: Push;
  push_users: string;
  force: boolean;
  merge_users: string;
  required_approvals: string;
  approval_users: string;
  block_on_rejected_reviews: boolean;
  block_on_official_review_requests: boolean;
  block_on_outdated_branch: boolean;
  dismiss_stale_approvals: boolean;
  ignore_stale_approvals: boolean;
  enable_status_check: boolean;
  contexts: string;
  protected_file_patterns: string;
  unprotected_file_patterns: string;
}

const list = (text: string): string[] => text.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean);

function draftOf(r?: BranchProtection): Draft {
  return {
    rule_name: r?.rule_name ?? '',
    push: !r?.enable_push ? 'off' : r.enable_push_whitelist ? 'list' : 'writers',
    push_users: r?.push_whitelist_usernames.join(', ') ?? '',
    force: r?.enable_force_push ?? false,
    merge_users: r?.merge_whitelist_usernames.join(', ') ?? '',
    required_approvals: String(r?.required_approvals ?? 0),
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
    enable_force_push: d.push !== 'off' && d.force,
    enable_merge_whitelist: mergeUsers.length > 0,
    merge_whitelist_usernames: mergeUsers,
    required_approvals: Number.parseInt(d.required_approvals, 10) || 0,
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

const FLAGS: [keyof Draft, string, string][] = [
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
  const [d, setD] = useState<Draft>(() => draftOf(rule));
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setD((x) => ({ ...x, [k]: v }));
  const creating = !rule;
  const submit = useSubmit(async () => {
    const saved = await save(bodyOf(d, creating));
    onSaved(saved.rule_name);
  }, ['rule_name', 'required_approvals', 'protected_file_patterns', 'unprotected_file_patterns']);
  const title = creating ? 'Add a branch protection rule' : `Edit rule ${rule.rule_name}`;
  return (
    <form onSubmit={submit.onSubmit} noValidate className="card form-card" aria-label={title}>
      <h2>{title}</h2>
      <FormError error={submit.error} fields={submit.fields} />
      {creating ? (
        <Field label="Branch name or pattern" name="rule_name" required value={d.rule_name} error={submit.fields.rule_name}
          hint="A branch (main) or a glob (release/*, **)." onChange={(e) => set('rule_name', e.target.value)} />
      ) : null}
      <Select label="Pushing" name="push" value={d.push} onChange={(e) => set('push', e.target.value as Push)}>
        <option value="off">Disabled: nobody pushes directly</option>
        <option value="writers">Anyone with write access</option>
        <option value="list">Only the users listed below</option>
      </Select>
      {d.push === 'list' ? <Field label="Users who may push" name="push_users" value={d.push_users} hint="Names, separated by commas." onChange={(e) => set('push_users', e.target.value)} /> : null}
      <Checkbox label="Allow force pushes" name="force" checked={d.force} disabled={d.push === 'off'} onChange={(e) => set('force', e.target.checked)} />
      <Field label="Users who may merge" name="merge_users" value={d.merge_users} hint="Empty: anyone with write access." onChange={(e) => set('merge_users', e.target.value)} />
      <Field label="Required approvals" name="required_approvals" type="number" min={0} value={d.required_approvals} error={submit.fields.required_approvals}
        onChange={(e) => set('required_approvals', e.target.value)} />
      <Field label="Users whose approval counts" name="approval_users" value={d.approval_users} hint="Empty: anyone with write access." onChange={(e) => set('approval_users', e.target.value)} />
      {FLAGS.map(([k, label, hint]) => (
        <Checkbox key={k} label={label} hint={hint} name={k} checked={d[k] as boolean} onChange={(e) => set(k, e.target.checked)} />
      ))}
      <Checkbox label="Require status checks" name="enable_status_check" checked={d.enable_status_check} onChange={(e) => set('enable_status_check', e.target.checked)} />
      {d.enable_status_check ? <TextArea label="Status check contexts" name="contexts" rows={3} value={d.contexts} hint="One per line; globs allowed." onChange={(e) => set('contexts', e.target.value)} /> : null}
      <Field label="Protected file patterns" name="protected_file_patterns" value={d.protected_file_patterns} error={submit.fields.protected_file_patterns}
        hint="Globs separated by semicolons; a push changing one is refused." onChange={(e) => set('protected_file_patterns', e.target.value)} />
      <Field label="Unprotected file patterns" name="unprotected_file_patterns" value={d.unprotected_file_patterns} error={submit.fields.unprotected_file_patterns}
        hint="Globs separated by semicolons; writers may push changes to these files only." onChange={(e) => set('unprotected_file_patterns', e.target.value)} />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={submit.busy || (creating && !d.rule_name.trim())}>{submit.busy ? 'Saving…' : creating ? 'Add rule' : 'Save rule'}</button>
        {onCancel ? <button type="button" className="btn" onClick={onCancel}>Cancel</button> : null}
      </div>
    </form>
  );
}

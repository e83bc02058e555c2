/** Branch protection settings of a repository: the rules in the order they are tried, add, edit and delete. */
import { useState } from 'react';
import { errorText, seg } from '../../../api/client.ts';
import type { BranchProtection } from '../../../api/types.ts';
import { useAuth } from '../../../auth.tsx';
import { ErrorAlert, Notice } from '../../../components/Alert.tsx';
import { ConfirmButton } from '../../../components/ConfirmButton.tsx';
import { useLoad } from '../../../use-load.ts';
import { useRepo } from '../repo-context.tsx';
import { BranchRuleForm } from './BranchRuleForm.tsx';

/** A short account of what a rule does, for the list. */
function summary(r: BranchProtection): string {
  const parts = [!r.enable_push ? 'no direct pushes' : r.enable_push_whitelist ? `pushes by ${r.push_whitelist_usernames.join(', ') || 'nobody'}` : 'writers push'];
  if (r.enable_force_push) parts.push('force pushes allowed');
  if (r.required_approvals > 0) parts.push(`${r.required_approvals} approval${r.required_approvals === 1 ? '' : 's'}`);
  if (r.dismiss_stale_approvals) parts.push('stale approvals dismissed');
  if (r.ignore_stale_approvals) parts.push('stale approvals ignored');
  if (r.enable_status_check) parts.push(`checks: ${r.status_check_contexts.join(', ') || 'any'}`);
  if (r.protected_file_patterns) parts.push(`protected files: ${r.protected_file_patterns}`);
  return parts.join(' · ');
}

/** The Branch rules tab (Gitea's /settings/branches). */
export function BranchRulesPage() {
  const { api } = useAuth();
  const { api: base } = useRepo();
  const path = `${base}/branch_protections`;
  const rules = useLoad(() => api.get<BranchProtection[]>(path), path);
  const [editing, setEditing] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const saved = (what: string) => (name: string) => {
    setNotice(`Rule ${name} ${what}.`);
    setError(null);
    setEditing(null);
    rules.reload();
  };
  const remove = async (name: string) => {
    setNotice(null);
    try {
      await api.delete(`${path}/${seg(name)}`);
      saved('deleted')(name);
    } catch (err) {
      setError(`The rule was not deleted: ${errorText(err)}`);
    }
  };
  const list = rules.data ?? [];
  const current = list.find((r) => r.rule_name === editing);
  return (
    <div>
      <Notice>{notice}</Notice>
      <ErrorAlert>{error ?? rules.error}</ErrorAlert>
      <section className="card" aria-labelledby="rules-title">
        <h2 id="rules-title">Branch protection rules</h2>
        {rules.data && list.length === 0 ? <p className="muted">No branch is protected. Add a rule below to guard a branch or a pattern of branches.</p> : null}
        {list.length > 0 ? (
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">Branch protection rules, first match wins</caption>
              <thead><tr><th scope="col">Rule</th><th scope="col">Effect</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
              <tbody>
                {list.map((r) => (
                  <tr key={r.rule_name}>
                    <th scope="row"><code>{r.rule_name}</code></th>
                    <td>{summary(r)}</td>
                    <td className="row-actions">
                      <button type="button" className="btn" aria-label={`Edit ${r.rule_name}`} onClick={() => { setNotice(null); setEditing(r.rule_name); }}>Edit</button>
                      <ConfirmButton label={`Delete ${r.rule_name}`} question={`Delete the rule ${r.rule_name}?`} confirmLabel="Delete" onConfirm={() => remove(r.rule_name)}>Delete</ConfirmButton>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
      {current ? (
        <BranchRuleForm key={current.rule_name} rule={current} onCancel={() => setEditing(null)} onSaved={saved('saved')}
          save={(body) => api.request<BranchProtection>('PATCH', `${path}/${seg(current.rule_name)}`, { body }).then((r) => r.data)} />
      ) : (
        <BranchRuleForm key={`new-${list.length}`} onSaved={saved('added')}
          save={(body) => api.request<BranchProtection>('POST', path, { body }).then((r) => r.data)} />
      )}
    </div>
  );
}

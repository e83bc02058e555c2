/** The new-organization form, on the API's CreateOrgOption: for oneself (POST /orgs) or, in site administration, for a named owner. */
import { useId } from 'react';
import { z } from 'zod';
import { CreateOrgOption } from '../../../server/structs/org.ts';
import { seg } from '../api/client.ts';
import type { Organization } from '../api/types.ts';
import { useAuth, useUser } from '../auth.tsx';
import { useApiForm } from '../zod-form.ts';
import { ErrorAlert } from './Alert.tsx';
import { Checkbox, Field, Select, TextArea } from './Field.tsx';

const orgFields = CreateOrgOption.pick({ username: true, full_name: true, description: true, visibility: true, repo_admin_change_team_access: true });
/** The administrators' form adds the owner, whose address (`/admin/users/{owner}/orgs`) the request goes to. */
const orgFieldsWithOwner = orgFields.extend({ owner: z.string().min(1) });
type Values = { username: string; full_name: string; description: string; visibility: 'public' | 'limited' | 'private'; repo_admin_change_team_access: boolean; owner: string };

/** Creates an organization owned by the signed-in user, or with `withOwner` by the account named in its Owner field; then `onCreated`. */
export function NewOrgForm({ withOwner = false, heading, onCreated }: { withOwner?: boolean; heading?: string; onCreated(org: Organization): void }) {
  const { api } = useAuth();
  const me = useUser();
  const headingId = useId();
  const form = useApiForm<Values>(withOwner ? orgFieldsWithOwner : orgFields, {
    username: '', full_name: '', description: '', visibility: 'public', repo_admin_change_team_access: false, owner: me.login,
  }, 'username');
  const name = form.watch('username');
  const onSubmit = form.submit(async ({ owner, ...body }) => {
    const path = withOwner ? `/api/v1/admin/users/${seg(owner.trim())}/orgs` : '/api/v1/orgs';
    const org = await api.post<Organization>(path, { ...body, username: body.username.trim() });
    form.reset({ ...form.getValues(), username: '', full_name: '', description: '' });
    onCreated(org);
  });
  const busy = form.formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} className="card form-card" aria-labelledby={heading ? headingId : undefined}>
      {heading ? <h2 id={headingId}>{heading}</h2> : null}
      <ErrorAlert>{form.formError}</ErrorAlert>
      <div className="form-row">
        <Field label="Organization name" hint={<>Letters, digits, <code>-</code>, <code>_</code> and <code>.</code>; its address will be <code>{window.location.origin}/{name.trim() || 'name'}</code></>} {...form.field('username')} />
        <Field label="Full name" {...form.field('full_name')} />
      </div>
      <div className="form-row">
        {withOwner ? <Field label="Owner" hint="This account joins the Owners team." {...form.field('owner')} /> : null}
        <Select label="Visibility" {...form.field('visibility')}>
          <option value="public">Public</option><option value="limited">Limited: signed-in users</option><option value="private">Private: members only</option>
        </Select>
      </div>
      <TextArea label="Description" rows={2} {...form.field('description')} />
      <Checkbox label="Repository admins may change team access" hint="An administrator of one of its repositories may then add or remove the teams that reach it." {...form.field('repo_admin_change_team_access')} />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy || !name.trim()}>{busy ? 'Creating…' : 'Create organization'}</button>
      </div>
    </form>
  );
}

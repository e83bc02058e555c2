/** Import a repository from another git host, once or as a pull mirror, with progress while it clones. */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { MigrateRepoOptions } from '../../../server/structs/mirror.ts';
import type { Repository } from '../api/types.ts';
import { useAuth, useUser } from '../auth.tsx';
import { ErrorAlert } from '../components/Alert.tsx';
import { Checkbox, Field } from '../components/Field.tsx';
import { Page } from '../components/Layout.tsx';
import { OwnerSelect } from '../components/OwnerSelect.tsx';
import { Progress } from '../components/Progress.tsx';
import { useRouter } from '../router.tsx';
import { useApiForm } from '../zod-form.ts';

/** The API's migration body as the form fills it: an empty name is taken from the address. */
const schema = MigrateRepoOptions.pick({ clone_addr: true, mirror: true, mirror_interval: true, private: true, auth_username: true, auth_password: true })
  .extend({ repo_name: MigrateRepoOptions.shape.repo_name.or(z.literal('')) });
type Values = { clone_addr: string; repo_name: string; mirror: boolean; mirror_interval: string; private: boolean; auth_username: string; auth_password: string };

/** POST /api/v1/repos/migrate (into the signed-in user or one of their organizations); goes to the new repository when done. */
export function MigratePage() {
  const { api } = useAuth();
  const user = useUser();
  const { navigate } = useRouter();
  const [params] = useSearchParams();
  const [owner, setOwner] = useState(params.get('owner') ?? user.login);
  const form = useApiForm<Values>(schema, { clone_addr: '', repo_name: '', mirror: true, mirror_interval: '8h', private: false, auth_username: '', auth_password: '' }, 'repo_name');
  const [addr, mirror] = form.watch(['clone_addr', 'mirror']);
  const guessName = (a: string) => a.replace(/\/+$/, '').split(/[/:]/).pop()?.replace(/\.git$/, '') ?? '';
  const onSubmit = form.submit(async (v) => {
    const repo = await api.post<Repository>('/api/v1/repos/migrate', {
      clone_addr: v.clone_addr.trim(), repo_owner: owner, repo_name: v.repo_name.trim() || guessName(v.clone_addr.trim()), mirror: v.mirror, private: v.private, service: 'git',
      ...(v.mirror && v.mirror_interval ? { mirror_interval: v.mirror_interval } : {}),
      ...(v.auth_username ? { auth_username: v.auth_username, auth_password: v.auth_password } : {}),
    });
    navigate(`/${encodeURIComponent(repo.owner.login)}/${encodeURIComponent(repo.name)}`);
  });
  const busy = form.formState.isSubmitting;
  return (
    <Page title="Import a repository" narrow>
      <form onSubmit={onSubmit} className="card form-card" aria-busy={busy}>
        <ErrorAlert>{form.formError}</ErrorAlert>
        <OwnerSelect value={owner} onChange={setOwner} />
        <Field label="Clone address" inputMode="url" placeholder="https://example.org/team/project.git" {...form.field('clone_addr')}
          hint="An http(s) or git URL the host can reach. Which hosts are allowed is a site setting." />
        <Field label="Repository name" placeholder={guessName(addr) || 'project'} {...form.field('repo_name')} required={false}
          hint="Leave empty to take the name from the address." />
        <Checkbox label="Keep it as a mirror" hint="A mirror syncs from the upstream on a schedule and cannot be pushed to." {...form.field('mirror')} />
        {mirror ? <Field label="Sync interval" {...form.field('mirror_interval')} hint="For example 10m, 1h or 8h; 0 for never." /> : null}
        <Checkbox label="Private" {...form.field('private')} />
        <fieldset className="field-group">
          <legend>Upstream credentials (optional)</legend>
          <Field label="User name" autoComplete="off" {...form.field('auth_username')} />
          <Field label="Password or token" type="password" autoComplete="off" {...form.field('auth_password')}
            hint="Stored encrypted, and never shown again." />
        </fieldset>
        <Progress active={busy} label="Cloning from the upstream; a large repository takes a while…" />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy || !addr.trim()}>{busy ? 'Importing…' : mirror ? 'Create mirror' : 'Import repository'}</button>
        </div>
      </form>
    </Page>
  );
}

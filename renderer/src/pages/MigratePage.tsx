/** Import a repository from another git host, once or as a pull mirror, with progress while it clones. */
import { useState } from 'react';
import type { Repository } from '../api/types.ts';
import { useAuth } from '../auth.tsx';
import { FormError } from '../components/Alert.tsx';
import { Checkbox, Field } from '../components/Field.tsx';
import { Page } from '../components/Layout.tsx';
import { Progress } from '../components/Progress.tsx';
import { useRouter } from '../router.tsx';
import { useSubmit } from '../use-submit.ts';

/** POST /api/v1/repos/migrate; goes to the new repository when done. */
export function MigratePage() {
  const { api } = useAuth();
  const { navigate } = useRouter();
  const [addr, setAddr] = useState('');
  const [name, setName] = useState('');
  const [mirror, setMirror] = useState(true);
  const [interval, setEvery] = useState('8h');
  const [isPrivate, setPrivate] = useState(false);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const guessName = (a: string) => a.replace(/\/+$/, '').split(/[/:]/).pop()?.replace(/\.git$/, '') ?? '';
  const submit = useSubmit(async () => {
    const repo = await api.post<Repository>('/api/v1/repos/migrate', {
      clone_addr: addr.trim(), repo_name: name.trim() || guessName(addr.trim()), mirror, private: isPrivate, service: 'git',
      ...(mirror && interval ? { mirror_interval: interval } : {}), ...(username ? { auth_username: username, auth_password: password } : {}),
    });
    navigate(`/${encodeURIComponent(repo.owner.login)}/${encodeURIComponent(repo.name)}`);
  }, ['clone_addr', 'repo_name', 'mirror_interval', 'auth_username', 'auth_password']);
  return (
    <Page title="Import a repository" narrow>
      <form onSubmit={submit.onSubmit} noValidate className="card form-card" aria-busy={submit.busy}>
        <FormError error={submit.error} fields={submit.fields} />
        <Field label="Clone address" name="clone_addr" required type="url" placeholder="https://example.org/team/project.git" value={addr}
          error={submit.fields.clone_addr} hint="An http(s) or git URL the host can reach. Which hosts are allowed is a site setting." onChange={(e) => setAddr(e.target.value)} />
        <Field label="Repository name" name="repo_name" value={name} placeholder={guessName(addr) || 'project'} error={submit.fields.repo_name}
          hint="Leave empty to take the name from the address." onChange={(e) => setName(e.target.value)} />
        <Checkbox label="Keep it as a mirror" name="mirror" hint="A mirror syncs from the upstream on a schedule and cannot be pushed to." checked={mirror} onChange={(e) => setMirror(e.target.checked)} />
        {mirror ? <Field label="Sync interval" name="mirror_interval" value={interval} error={submit.fields.mirror_interval} hint="For example 10m, 1h or 8h; 0 for never." onChange={(e) => setEvery(e.target.value)} /> : null}
        <Checkbox label="Private" name="private" checked={isPrivate} onChange={(e) => setPrivate(e.target.checked)} />
        <fieldset className="field-group">
          <legend>Upstream credentials (optional)</legend>
          <Field label="User name" name="auth_username" autoComplete="off" value={username} error={submit.fields.auth_username} onChange={(e) => setUsername(e.target.value)} />
          <Field label="Password or token" name="auth_password" type="password" autoComplete="off" value={password} error={submit.fields.auth_password}
            hint="Stored encrypted, and never shown again." onChange={(e) => setPassword(e.target.value)} />
        </fieldset>
        <Progress active={submit.busy} label="Cloning from the upstream; a large repository takes a while…" />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={submit.busy || !addr.trim()}>{submit.busy ? 'Importing…' : mirror ? 'Create mirror' : 'Import repository'}</button>
        </div>
      </form>
    </Page>
  );
}

/** `/{owner}/-/packages/{type}/{name}[/{version}]`: a package version, its files, its other versions, how to install it, and its deletion. */
import { useState } from 'react';
import { seg } from '../../api/client.ts';
import type { Package, PackageFile } from '../../api/types.ts';
import { useAuth } from '../../auth.tsx';
import { ErrorAlert } from '../../components/Alert.tsx';
import { ConfirmButton } from '../../components/ConfirmButton.tsx';
import { CopyButton } from '../../components/CopyButton.tsx';
import { Page } from '../../components/Layout.tsx';
import { When } from '../../components/When.tsx';
import { Link, useRouter } from '../../router.tsx';
import { useLoad } from '../../use-load.ts';
import { useOwnsOrg } from '../../use-repo-owners.ts';
import { packagePath } from './PackagesPage.tsx';

interface Props { owner: string; type: string; name: string; version?: string | undefined }

const size = (n: number): string => (n < 1024 ? `${n} B` : n < 1024 ** 2 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1024 ** 2).toFixed(1)} MiB`);

/** How to install this version, with the owner's registry address on this host. */
function Install({ p, files }: { p: Package; files: PackageFile[] }) {
  const origin = window.location.origin;
  const registry = `${origin}/api/packages/${seg(p.owner.login)}/${p.type}`;
  const lines = p.type === 'npm'
    ? [
      { label: 'Add the registry to .npmrc', text: `${p.name.startsWith('@') ? `${p.name.split('/')[0]}:` : ''}registry=${registry}/\n//${window.location.host}/api/packages/${p.owner.login}/npm/:_authToken=<your token>` },
      { label: 'Install', text: `npm install ${p.name}@${p.version}` },
    ]
    : files.map((f) => ({ label: `Download ${f.name}`, text: `curl -OJ ${registry}/${seg(p.name)}/${seg(p.version)}/${seg(f.name)}` }));
  return (
    <section aria-labelledby="pkg-install">
      <h2 id="pkg-install">Installation</h2>
      {lines.map((l) => (
        <div key={l.label} className="section">
          <p>{l.label} <CopyButton text={l.text} label={`Copy: ${l.label}`} /></p>
          <pre className="file-text"><code>{l.text}</code></pre>
        </div>
      ))}
    </section>
  );
}

/**
 * Whether the signed-in user may delete the owner's packages: the owner, an owner of the organization, or a site
 * administrator (the host decides; this only hides a button that would be refused).
 */
function useMayDelete(owner: string): boolean {
  const { state } = useAuth();
  const me = state.kind === 'signed-in' ? state.user : null;
  const self = !!me && me.login.toLowerCase() === owner.toLowerCase();
  const ownsOrg = useOwnsOrg(owner, !!me && !self && !me.is_admin);
  return !!me && (self || me.is_admin || ownsOrg === true);
}

/** The page of one package version (the latest when none is named). */
export function PackagePage({ owner, type, name, version }: Props) {
  const { api } = useAuth();
  const { navigate } = useRouter();
  const mayDelete = useMayDelete(owner);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const base = `/api/v1/packages/${seg(owner)}/${seg(type)}/${seg(name)}`;
  const data = useLoad(async () => {
    const p = await api.get<Package>(version ? `${base}/${seg(version)}` : `${base}/-/latest`);
    const [files, versions] = await Promise.all([api.get<PackageFile[]>(`${base}/${seg(p.version)}/files`), api.get<Package[]>(`${base}?limit=50`)]);
    return { p, files, versions };
  }, `package|${base}|${version ?? ''}`);
  if (!data.data) {
    return (
      <Page title={name}>
        <ErrorAlert>{data.error && /not found|does not exist/i.test(data.error) ? `There is no package ${name}${version ? ` ${version}` : ''} of ${owner} that you can see.` : data.error}</ErrorAlert>
        {data.error ? null : <p role="status" className="loading">Loading…</p>}
      </Page>
    );
  }
  const { p, files, versions } = data.data;
  const removeVersion = async () => {
    setDeleteError(null);
    try {
      await api.delete(`${base}/${seg(p.version)}`);
    } catch (err) {
      setDeleteError(err instanceof Error ? err.message : String(err));
      return;
    }
    const other = versions.find((v) => v.version !== p.version);
    navigate(other ? packagePath(other) : `/${seg(owner)}/-/packages`);
  };
  return (
    <Page title={`${p.name} ${p.version}`} heading={<>{p.name} <span className="badge badge-muted">{p.type}</span> {p.version}</>}>
      <p className="muted">
        Published <When iso={p.created_at} /> by {p.creator.login} in <Link to={`/${seg(owner)}/-/packages`}>the packages of {owner}</Link>
        {p.repository ? <> · linked to <Link to={`/${seg(p.repository.owner.login)}/${seg(p.repository.name)}`}>{p.repository.full_name}</Link></> : null}
      </p>
      <Install p={p} files={files} />
      <section aria-labelledby="pkg-files">
        <h2 id="pkg-files">Files</h2>
        <div className="table-wrap">
          <table className="table">
            <thead><tr><th scope="col">Name</th><th scope="col">Size</th><th scope="col">SHA-256</th></tr></thead>
            <tbody>
              {files.map((f) => (
                <tr key={f.id}>
                  <td>{p.type === 'generic' ? <a href={`/api/packages/${seg(owner)}/generic/${seg(p.name)}/${seg(p.version)}/${seg(f.name)}`}>{f.name}</a> : f.name}</td>
                  <td>{size(f.size)}</td>
                  <td><code>{f.sha256}</code></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="pkg-versions">
        <h2 id="pkg-versions">Versions</h2>
        <ul className="plain-list" aria-label={`Versions of ${p.name}`}>
          {versions.map((v) => (
            <li key={v.id}>
              {v.version === p.version ? <strong>{v.version}</strong> : <Link to={packagePath(v)}>{v.version}</Link>}{' '}
              <span className="muted"><When iso={v.created_at} /></span>
            </li>
          ))}
        </ul>
      </section>
      {mayDelete ? (
        <section aria-labelledby="pkg-delete">
          <h2 id="pkg-delete">Delete this version</h2>
          <ErrorAlert>{deleteError}</ErrorAlert>
          <p className="muted">Its files are removed from the registry; clients that install {p.name}@{p.version} then fail.</p>
          <ConfirmButton label={`Delete ${p.name} ${p.version}`} question={`Delete ${p.name} ${p.version} and its files?`} confirmLabel="Delete version"
            onConfirm={removeVersion}>Delete version</ConfirmButton>
        </section>
      ) : null}
    </Page>
  );
}

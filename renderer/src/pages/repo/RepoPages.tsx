/** The repository tabs as routes: each renders its content inside RepoFrame. */
import type { ReactNode } from 'react';
import { HookDetail } from '../hooks/HookDetail.tsx';
import { HookList } from '../hooks/HookList.tsx';
import { RepoBranchesPage } from './RepoBranchesPage.tsx';
import { RepoCollaboratorsPage } from './RepoCollaboratorsPage.tsx';
import { RepoCommitsPage } from './RepoCommitsPage.tsx';
import { CommitPage } from './CommitPage.tsx';
import { ComparePage } from './ComparePage.tsx';
import { RepoFilesPage } from './RepoFilesPage.tsx';
import { RepoFrame } from './RepoFrame.tsx';
import { RepoMirrorPage } from './RepoMirrorPage.tsx';
import { RepoSettingsPage } from './RepoSettingsPage.tsx';
import { useRepo } from './repo-context.tsx';

function RepoHooks({ id }: { id?: string | undefined }) {
  const { api, base } = useRepo();
  if (id) return <HookDetail apiPath={`${api}/hooks/${encodeURIComponent(id)}`} listPath={`${base}/hooks`} canTest />;
  return <HookList apiBase={`${api}/hooks`} uiBase={`${base}/hooks`} scopeWords="this repository's events" />;
}

const TABS: Record<string, { title: string; render(p: Record<string, string>): ReactNode }> = {
  files: { title: 'Files', render: () => <RepoFilesPage /> },
  commits: { title: 'Commits', render: () => <RepoCommitsPage /> },
  commit: { title: 'Commit', render: (p) => <CommitPage key={p.sha} sha={p.sha!} /> },
  compare: { title: 'Compare', render: (p) => <ComparePage key={p.basehead} basehead={p.basehead!} /> },
  branches: { title: 'Branches and tags', render: () => <RepoBranchesPage /> },
  settings: { title: 'Settings', render: () => <RepoSettingsPage /> },
  collaborators: { title: 'Collaborators', render: () => <RepoCollaboratorsPage /> },
  hooks: { title: 'Webhooks', render: (p) => <RepoHooks id={p.id} /> },
  mirror: { title: 'Mirror', render: () => <RepoMirrorPage /> },
};

/** Renders tab `tab` of the repository named by `params.owner` / `params.repo`. */
export function RepoPage({ tab, params }: { tab: keyof typeof TABS; params: Record<string, string> }) {
  const t = TABS[tab]!;
  return <RepoFrame key={`${params.owner}/${params.repo}`} owner={params.owner!} name={params.repo!} title={t.title}>{t.render(params)}</RepoFrame>;
}

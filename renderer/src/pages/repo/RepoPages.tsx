/** The repository pages: each renders its content inside RepoFrame, under the tab it belongs to. */
import type { ReactNode } from 'react';
import { ActionRunPage, ActionsPage } from './actions/ActionsPage.tsx';
import { HookDetail } from '../hooks/HookDetail.tsx';
import { HookList } from '../hooks/HookList.tsx';
import { CommitPage } from './CommitPage.tsx';
import { ComparePage } from './ComparePage.tsx';
import { ForkPage } from './ForkPage.tsx';
import { IssuePage } from './IssuePage.tsx';
import { IssueNewPage } from './IssueNewPage.tsx';
import { IssuesPage } from './IssuesPage.tsx';
import { LabelsPage } from './LabelsPage.tsx';
import { MilestonesPage } from './MilestonesPage.tsx';
import { RepoBranchesPage } from './RepoBranchesPage.tsx';
import { RepoCollaboratorsPage } from './RepoCollaboratorsPage.tsx';
import { RepoCommitsPage } from './RepoCommitsPage.tsx';
import { RepoFilesPage } from './RepoFilesPage.tsx';
import { RepoFrame } from './RepoFrame.tsx';
import { RepoMirrorPage } from './RepoMirrorPage.tsx';
import { RepoSettingsPage } from './RepoSettingsPage.tsx';
import { RepoTagsPage } from './RepoTagsPage.tsx';
import { ReleasesPage } from './ReleasesPage.tsx';
import { ReleaseFormPage } from './ReleaseFormPage.tsx';
import { PullsPage } from './PullsPage.tsx';
import { PullPage } from './PullPage.tsx';
import { PullNewPage } from './PullNewPage.tsx';
import { useRepo } from './repo-context.tsx';
import { WikiPage } from './WikiPage.tsx';
import { BranchRulesPage } from './protection/BranchRulesPage.tsx';
import { RepoActionsSettings } from '../actions-secrets/ActionsSettingsPages.tsx';
import { RunnersPanel } from '../actions/RunnersPanel.tsx';
import { ActivityFeed } from '../../components/ActivityFeed.tsx';

type Params = Readonly<Partial<Record<string, string>>>;

function RepoHooks({ id }: { id?: string | undefined }) {
  const { api, base } = useRepo();
  if (id) return <HookDetail apiPath={`${api}/hooks/${encodeURIComponent(id)}`} listPath={`${base}/settings/hooks`} canTest />;
  return <HookList apiBase={`${api}/hooks`} uiBase={`${base}/settings/hooks`} scopeWords="this repository's events" />;
}

function RepoRunners() {
  const { api } = useRepo();
  return <RunnersPanel api={`${api}/actions/runners`} reset={`${api.replace('/api/v1/', '/api/homeforge/')}/actions/runners`} />;
}

function RepoActivity() {
  const { api, repo } = useRepo();
  return <ActivityFeed path={`${api}/activities/feeds`} label={`Activity in ${repo.full_name}`} pageParam="page" limit={20} empty="Nothing has happened in this repository yet." />;
}

const TABS = {
  files: { title: 'Files', render: () => <RepoFilesPage /> },
  commits: { title: 'Commits', render: () => <RepoCommitsPage /> },
  commit: { title: 'Commit', render: () => <CommitPage /> },
  compare: { title: 'Compare', render: () => <ComparePage /> },
  branches: { title: 'Branches', render: () => <RepoBranchesPage /> },
  tags: { title: 'Tags', render: () => <RepoTagsPage /> },
  releases: { title: 'Releases', render: () => <ReleasesPage /> },
  release: { title: 'Releases', render: (p: Params) => <ReleasesPage key={p['*']} tag={p['*']} /> },
  'release-new': { title: 'Releases', render: () => <ReleaseFormPage /> },
  'release-edit': { title: 'Releases', render: (p: Params) => <ReleaseFormPage key={p['*']} tag={p['*']} /> },
  issues: { title: 'Issues', render: () => <IssuesPage /> },
  issue: { title: 'Issue', render: (p: Params) => <IssuePage key={p.index} /> },
  'issue-new': { title: 'New issue', render: () => <IssueNewPage /> },
  labels: { title: 'Labels', render: () => <LabelsPage /> },
  milestones: { title: 'Milestones', render: () => <MilestonesPage /> },
  settings: { title: 'Settings', render: () => <RepoSettingsPage /> },
  collaborators: { title: 'Collaborators', render: () => <RepoCollaboratorsPage /> },
  hooks: { title: 'Webhooks', render: (p: Params) => <RepoHooks id={p.id} /> },
  mirror: { title: 'Mirror', render: () => <RepoMirrorPage /> },
  wiki: { title: 'Wiki', render: () => <WikiPage /> },
  pulls: { title: 'Pull requests', render: () => <PullsPage /> },
  pull: { title: 'Pull request', render: (p: Params) => <PullPage key={p.index} tab="conversation" /> },
  'pull-commits': { title: 'Pull request commits', render: (p: Params) => <PullPage key={p.index} tab="commits" /> },
  'pull-files': { title: 'Pull request files', render: (p: Params) => <PullPage key={p.index} tab="files" /> },
  'pull-new': { title: 'New pull request', render: () => <PullNewPage /> },
  fork: { title: 'Fork', render: () => <ForkPage /> },
  'branch-rules': { title: 'Branch rules', render: () => <BranchRulesPage /> },
  'actions-secrets': { title: 'Actions secrets', render: () => <RepoActionsSettings key="secrets" kind="secrets" /> },
  'actions-variables': { title: 'Actions variables', render: () => <RepoActionsSettings key="variables" kind="variables" /> },
  actions: { title: 'Actions', render: () => <ActionsPage /> },
  'action-run': { title: 'Action run', render: (p: Params) => <ActionRunPage key={p.number} number={p.number ?? ''} /> },
  runners: { title: 'Runners', render: () => <RepoRunners /> },
  activity: { title: 'Activity', render: () => <RepoActivity /> },
} satisfies Record<string, { title: string; render(p: Params): ReactNode }>;

export type RepoTab = keyof typeof TABS;

/** Renders tab `tab` of the repository named by `params.owner` / `params.repo`. */
export function RepoPage({ tab, params }: { tab: RepoTab; params: Params }) {
  const t = TABS[tab];
  return <RepoFrame key={`${params.owner}/${params.repo}`} owner={params.owner!} name={params.repo!} title={t.title}>{t.render(params)}</RepoFrame>;
}

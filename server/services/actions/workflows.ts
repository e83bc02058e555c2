/**
 * The repository's workflows as the API lists them (Gitea's routers/api/v1/repo/action.go and
 * services/actions/workflow.go): read from the default branch, enabled or disabled per file, dispatched by name.
 */
import type { AppContext } from '../context.ts';
import type { RepoRecord, UserRecord } from '../../store/records.ts';
import type { ActionRunRecord } from '../../store/action-runs.ts';
import * as repoStore from '../../store/repos.ts';
import { resolveRef } from '../../git/refs.ts';
import { runGit } from '../../git/read.ts';
import { BadRequestError, ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { eventBaseUrl, payloadRepo, payloadUser } from '../repository/payloads.ts';
import { actionsActive, disabledWorkflows, workflowsAt } from './trigger.ts';
import { createRun } from './runs.ts';

/** A workflow file as listed. */
export interface WorkflowEntry {
  id: string;
  name: string;
  path: string;
  disabled: boolean;
  created: string;
  updated: string;
}

async function commitTime(gitDir: string, sha: string, file: string): Promise<string> {
  try {
    const t = (await runGit(gitDir, ['log', '-1', '--format=%aI', sha, '--', file])).toString('utf8').trim();
    return t ? new Date(t).toISOString() : new Date(0).toISOString();
  } catch {
    return new Date(0).toISOString();
  }
}

/** The workflows on the default branch. */
export async function listWorkflows(app: AppContext, repo: RepoRecord): Promise<WorkflowEntry[]> {
  const gitDir = repoStore.gitDirOf(app.store, repo);
  const sha = await resolveRef(gitDir, `refs/heads/${repo.default_branch}`);
  if (!sha) return [];
  const disabled = disabledWorkflows(repo);
  const out: WorkflowEntry[] = [];
  for (const w of await workflowsAt(app, repo, sha)) {
    const t = await commitTime(gitDir, sha, w.file.path);
    out.push({ id: w.file.id, name: w.file.id, path: w.file.path, disabled: disabled.includes(w.file.id), created: t, updated: t });
  }
  return out;
}

/** One workflow of the default branch by its file name (404 otherwise). */
export async function getWorkflow(app: AppContext, repo: RepoRecord, id: string): Promise<WorkflowEntry> {
  const w = (await listWorkflows(app, repo)).find((x) => x.id === id);
  if (!w) throw new NotFoundError(`workflow ${id} not found`);
  return w;
}

/** Enables or disables a workflow (Gitea keeps the list in the actions unit's config). */
export async function setWorkflowEnabled(app: AppContext, repo: RepoRecord, id: string, enabled: boolean): Promise<void> {
  await getWorkflow(app, repo, id);
  await repoStore.update(app.store, repo.id, (r) => {
    const now = disabledWorkflows(r).filter((x) => x !== id);
    r.options.actions_disabled_workflows = enabled ? now : [...now, id];
  });
}

/** Checks dispatch inputs against the workflow's declarations and fills defaults (Gitea's 422s for a bad one). */
function checkedInputs(decl: Record<string, { required: boolean; default: string; type: string; options: string[] }>, given: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, d] of Object.entries(decl)) {
    const v = given[k] === undefined ? d.default : String(given[k] as string);
    if (d.required && v === '') throw new ValidationError(`input ${k} is required`);
    if (d.type === 'boolean' && v !== '' && v !== 'true' && v !== 'false') throw new ValidationError(`input ${k} must be a boolean`);
    if (d.type === 'number' && v !== '' && !Number.isFinite(Number(v))) throw new ValidationError(`input ${k} must be a number`);
    if (d.type === 'choice' && v !== '' && !d.options.includes(v)) throw new ValidationError(`input ${k} must be one of ${d.options.join(', ')}`);
    out[k] = v;
  }
  return out;
}

/** Runs a workflow by hand at `ref` (a branch, tag or full ref) with inputs; answers the run. */
export async function dispatchWorkflow(app: AppContext, repo: RepoRecord, owner: UserRecord, doer: UserRecord, id: string, ref: string, inputs: Record<string, unknown>): Promise<ActionRunRecord> {
  if (!actionsActive(app, repo)) throw new NotFoundError('actions are disabled');
  const gitDir = repoStore.gitDirOf(app.store, repo);
  const full = ref.startsWith('refs/') ? ref : (await resolveRef(gitDir, `refs/heads/${ref}`)) ? `refs/heads/${ref}` : `refs/tags/${ref}`;
  const sha = await resolveRef(gitDir, full);
  if (!sha) throw new ValidationError(`ref ${ref} not found`);
  const w = (await workflowsAt(app, repo, sha)).find((x) => x.file.id === id);
  if (!w) throw new NotFoundError(`workflow ${id} not found`);
  if (disabledWorkflows(repo).includes(id)) throw new ConflictError(`workflow ${id} is disabled`);
  if (!w.wf.dispatchInputs) throw new BadRequestError(`workflow ${id} has no workflow_dispatch trigger`);
  const checked = checkedInputs(w.wf.dispatchInputs, inputs);
  const base = { baseUrl: eventBaseUrl(app), repo, owner, sender: doer };
  const payload = { inputs: checked, ref: full, repository: payloadRepo(base), sender: payloadUser(base, doer), workflow: w.file.path };
  return createRun(app, {
    repo, workflow: w.wf, workflowId: id, workflowPath: w.file.path, title: w.wf.name, ref: full, sha, event: 'workflow_dispatch',
    triggerEvent: 'workflow_dispatch', payload, triggerUserId: doer.id,
  });
}

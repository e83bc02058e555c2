/**
 * Label templates applied at repository creation (`issue_labels` of CreateRepoOption), as Gitea's built-in
 * `Default` and `Advanced` templates in options/label. The issue feature subscribes to `repo.created` (and to `repo.deleted`, dropping its records).
 */
import type { AppContext } from '../context.ts';
import { ValidationError } from '../../lib/errors.ts';
import { createLabel } from './labels.ts';
import { forgetRepositoryIssues } from './removal.ts';

type Entry = [name: string, color: string, description: string, exclusive?: boolean];

const TEMPLATES: Record<string, Entry[]> = {
  Default: [
    ['bug', '#ee0701', 'Something is not working'],
    ['duplicate', '#cccccc', 'This issue or pull request already exists'],
    ['enhancement', '#84b6eb', 'New feature'],
    ['help wanted', '#128a0c', 'Need some help'],
    ['invalid', '#e6e6e6', 'Something is wrong'],
    ['question', '#cc317c', 'More information is needed'],
    ['wontfix', '#ffffff', 'This won\'t be fixed'],
  ],
  Advanced: [
    ['Kind/Bug', '#ee0701', 'Something is not working'],
    ['Kind/Feature', '#0288d1', 'New functionality'],
    ['Kind/Enhancement', '#84b6eb', 'Improve existing functionality'],
    ['Kind/Security', '#9c27b0', 'This is security issue'],
    ['Kind/Testing', '#795548', 'Issue or pull request related to testing'],
    ['Kind/Breaking', '#c62828', 'Breaking change that won\'t be backward compatible'],
    ['Kind/Documentation', '#37474f', 'Documentation changes'],
    ['Reviewed/Duplicate', '#616161', 'This issue or pull request already exists', true],
    ['Reviewed/Invalid', '#546e7a', 'Invalid issue', true],
    ['Reviewed/Confirmed', '#795548', 'Issue has been confirmed', true],
    ['Reviewed/Won\'t Fix', '#eeeeee', 'This issue won\'t be fixed', true],
    ['Status/Need More Info', '#424242', 'Feedback is required to reproduce issue or to continue work', true],
    ['Status/Blocked', '#880e4f', 'Something is blocking this issue or pull request', true],
    ['Status/Abandoned', '#222222', 'Somebody has started to work on this but abandoned work', true],
    ['Priority/Critical', '#b71c1c', 'The priority is critical', true],
    ['Priority/High', '#d32f2f', 'The priority is high', true],
    ['Priority/Medium', '#e64a19', 'The priority is medium', true],
    ['Priority/Low', '#4caf50', 'The priority is low', true],
  ],
};

/** Refuses (422) an unknown template name before a repository is made. */
export function assertLabelTemplate(name: string): void {
  if (!Object.hasOwn(TEMPLATES, name)) throw new ValidationError(`label template not found [name: ${name}]`);
}

/** Creates the template's labels in the repository. */
export async function applyLabelTemplate(app: AppContext, repoId: number, name: string): Promise<void> {
  for (const [label, color, description, exclusive] of TEMPLATES[name] ?? []) {
    await createLabel(app, { repoId }, { name: label, color, description, exclusive: exclusive ?? false });
  }
}

/** The issue feature's subscriber: a new repository asking for a label template gets its labels. */
export function subscribeIssues(app: AppContext): void {
  app.bus.subscribe('repo.created', 'issues', async (e) => {
    const name = (e.repo.options as { issue_labels?: string }).issue_labels;
    if (name) await applyLabelTemplate(app, e.repo.id, name);
  });
  app.bus.subscribe('repo.deleted', 'issues', (e) => forgetRepositoryIssues(app, e.repo.id));
}

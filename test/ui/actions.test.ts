/** UI: the Actions tab lists a pushed workflow's run; the run page shows its jobs and a job's log; cancel and rerun; dispatch. */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ADMIN, createToken } from '../helpers/host.ts';
import { screenshot, signedIn, uiFixture } from '../helpers/browser.ts';
import { appendTaskLog, pickTask } from '../../server/services/actions/tasks.ts';

const WF = `name: UI
on:
  push:
  workflow_dispatch:
    inputs:
      who: { default: world }
jobs:
  hello:
    runs-on: ui
    steps:
      - run: echo hello
`;

describe('UI actions', () => {
  const ui = uiFixture();
  let token: string;
  const R = `/repos/${ADMIN.username}/acts`;
  before(async () => {
    token = await createToken(ui.h, ADMIN.username, ADMIN.password);
    assert.equal((await ui.h.api('POST', '/user/repos', { auth: token, body: { name: 'acts', auto_init: true } })).status, 201);
    assert.equal((await ui.h.api('POST', `${R}/contents/.gitea/workflows/ui.yml`, { auth: token, body: { content: Buffer.from(WF).toString('base64'), message: 'add ui workflow' } })).status, 201);
  });

  test('runs list, run page with a live log, cancel, rerun and dispatch', async () => {
    const picked = await pickTask(ui.h.app, { id: 1, labels: ['ui'], ownerId: 0, repoId: 0 });
    assert.ok(picked);
    await appendTaskLog(ui.h.app, picked.task.id, 0, [{ time: new Date(), content: 'hello from the runner' }]);
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await page.goto(`/${ADMIN.username}/acts`);
    await page.getByRole('link', { name: 'Actions' }).click();
    await page.getByRole('link', { name: /#1 add ui workflow/ }).click();
    await page.getByTestId('run-status').filter({ hasText: 'in_progress' }).waitFor();
    await page.getByRole('button', { name: 'hello' }).click();
    await page.getByLabel('Job log').filter({ hasText: 'hello from the runner' }).waitFor();
    // The log view polls while the job runs: a later row shows up without a reload.
    await appendTaskLog(ui.h.app, picked.task.id, 1, [{ time: new Date(), content: 'second row later' }]);
    await page.getByLabel('Job log').filter({ hasText: 'second row later' }).waitFor();
    await screenshot(page, 'actions-run');
    await page.getByRole('button', { name: 'Cancel run' }).click();
    await page.getByTestId('run-status').filter({ hasText: 'cancelled' }).waitFor();
    await page.getByRole('button', { name: 'Rerun all jobs' }).click();
    await page.getByTestId('run-status').filter({ hasText: 'queued' }).waitFor();
    assert.equal((await ui.h.api('GET', `${R}/actions/runs`, { auth: token })).body.workflow_runs[0].run_attempt, 2);

    await page.goto(`/${ADMIN.username}/acts/actions`);
    const form = page.getByRole('form', { name: 'Run ui.yml' });
    await form.getByLabel('Inputs (name=value)').fill('who=ui');
    await form.getByRole('button', { name: 'Run workflow' }).click();
    await page.getByRole('cell', { name: 'workflow_dispatch' }).waitFor();
    const runs = (await ui.h.api('GET', `${R}/actions/runs?event=workflow_dispatch`, { auth: token })).body;
    assert.equal(runs.total_count, 1);
    await page.getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('list', { name: 'Workflows' }).getByRole('listitem').filter({ hasText: '.gitea/workflows/ui.yml' }).getByText('disabled', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Enable' }).waitFor();
    assert.equal((await ui.h.api('GET', `${R}/actions/workflows/ui.yml`, { auth: token })).body.state, 'disabled_manually');
    await screenshot(page, 'actions-list');
    assert.deepEqual(errors, []);
  });
});

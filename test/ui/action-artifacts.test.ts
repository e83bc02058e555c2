/** UI: a run page lists its artifacts; one downloads as its zip, and a writer deletes one. */
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { ADMIN, createToken } from '../helpers/host.ts';
import { screenshot, signedIn, uiFixture } from '../helpers/browser.ts';
import { storeArtifact } from '../actions/artifact-fixture.ts';

const WF = 'name: UI\non: push\njobs:\n  hello:\n    runs-on: ui\n    steps:\n      - run: echo hello\n';

describe('UI action artifacts', () => {
  const ui = uiFixture();
  let token: string;
  const R = `/repos/${ADMIN.username}/arts-ui`;
  before(async () => {
    token = await createToken(ui.h, ADMIN.username, ADMIN.password);
    assert.equal((await ui.h.api('POST', '/user/repos', { auth: token, body: { name: 'arts-ui', auto_init: true } })).status, 201);
    assert.equal((await ui.h.api('POST', `${R}/contents/.gitea/workflows/ui.yml`, { auth: token, body: { content: Buffer.from(WF).toString('base64'), message: 'add ui workflow' } })).status, 201);
  });

  test('run page lists artifacts, downloads a zip and deletes one', async () => {
    let run: { id: number } | undefined;
    for (let i = 0; i < 100 && !run; i++) {
      run = (await ui.h.api('GET', `${R}/actions/runs`, { auth: token })).body.workflow_runs[0] as { id: number } | undefined;
      if (!run) await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(run);
    await storeArtifact(ui.h, run.id, 'site-build');
    await storeArtifact(ui.h, run.id, 'coverage');
    const { page, errors } = await signedIn(ui.browser, ui.h);
    await page.goto(`/${ADMIN.username}/arts-ui/actions/runs/1`);
    const table = page.getByRole('table', { name: 'Artifacts' });
    await table.getByRole('cell', { name: 'site-build', exact: true }).waitFor();
    await table.getByRole('cell', { name: 'coverage', exact: true }).waitFor();
    await screenshot(page, 'actions-artifacts');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download site-build' }).click()]);
    assert.equal(download.suggestedFilename(), 'site-build.zip');
    const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
    assert.equal(new TextDecoder().decode(files['file.txt']), 'site-build\n');
    await page.getByRole('button', { name: 'Delete coverage' }).click();
    await table.getByRole('cell', { name: 'coverage', exact: true }).waitFor({ state: 'detached' });
    const left = (await ui.h.api('GET', `${R}/actions/runs/${run.id}/artifacts`, { auth: token })).body.artifacts as { name: string }[];
    assert.deepEqual(left.map((a) => a.name), ['site-build']);
    assert.deepEqual(errors, []);
  });
});

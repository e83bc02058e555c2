// The transport's git priorities: a clone's pack-objects runs HOMEFORGE_GIT_FETCH_NICE nicer than the host, a push's
// hooks HOMEFORGE_GIT_PUSH_NICE nicer (two different settings here, so a mix-up shows). Each git reports its own
// niceness from a command it runs (upload-pack's pack-objects hook, receive-pack's pre-receive hook), so the figures
// are those of the processes doing the work.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import os from 'node:os';
import path from 'node:path';
import { readFile, writeFile, chmod, mkdir } from 'node:fs/promises';
import { PassThrough, Readable } from 'node:stream';
import { pktLine, FLUSH } from '../../server/git/pkt-line.ts';
import { gitSandbox, makeRepo } from '../helpers/git.ts';

// Read when the module loads: set before it is imported.
process.env.HOMEFORGE_GIT_FETCH_NICE = '7';
process.env.HOMEFORGE_GIT_PUSH_NICE = '3';
const { serve } = await import('../../server/git/smart-http.ts');
const { FETCH_NICE, PUSH_NICE, gitConfigEnv } = await import('../../server/git/process.ts');

/** Config given to git through the environment (counts as its command line, as uploadpack.packObjectsHook needs), after the host's own. */
const config = (pairs: [string, string][]): Record<string, string> => gitConfigEnv(pairs);

test('a clone\'s pack-objects runs FETCH_NICE nicer than the host, a push\'s hooks PUSH_NICE nicer', { skip: process.platform !== 'linux' }, async () => {
  assert.deepEqual([FETCH_NICE, PUSH_NICE], [7, 3]);
  const g = await gitSandbox();
  try {
    const work = path.join(g.dir, 'work');
    const head = await makeRepo(g, work, { 'a.txt': 'a\n' });
    const bare = path.join(g.dir, 'bare.git');
    await g.ok(['clone', '-q', '--bare', work, bare]);
    await g.ok(['branch', 'gone', head], { cwd: bare });
    const own = os.getPriority();
    const out = (name: string) => path.join(g.dir, `${name}.nice`);
    const reportNice = (file: string) => `awk '{ print $19 }' /proc/self/stat > ${file}`;

    const fetchHook = `f() { ${reportNice(out('fetch'))}; exec "$@"; }; f`;
    const want = Buffer.concat([pktLine(`want ${head}\n`), FLUSH, pktLine('done\n')]);
    const clone = await serve(bare, 'upload-pack', Readable.from([want]), new PassThrough().resume(), undefined, { env: config([['uploadpack.packObjectsHook', fetchHook]]) });
    assert.equal(clone.code, 0, clone.stderr);
    assert.equal(Number((await readFile(out('fetch'), 'utf8')).trim()), Math.min(19, own + FETCH_NICE));

    const hooks = path.join(g.dir, 'hooks');
    await mkdir(hooks);
    await writeFile(path.join(hooks, 'pre-receive'), `#!/bin/sh\ncat > /dev/null\n${reportNice(out('push'))}\n`);
    await chmod(path.join(hooks, 'pre-receive'), 0o755);
    const remove = Buffer.concat([pktLine(`${head} ${'0'.repeat(40)} refs/heads/gone\0report-status delete-refs\n`), FLUSH]);
    const push = await serve(bare, 'receive-pack', Readable.from([remove]), new PassThrough().resume(), undefined, { env: config([['core.hooksPath', hooks]]) });
    assert.equal(push.code, 0, push.stderr);
    assert.equal(push.report?.get('refs/heads/gone'), true);
    assert.equal(Number((await readFile(out('push'), 'utf8')).trim()), Math.min(19, own + PUSH_NICE));
  } finally {
    await g.dispose();
  }
});

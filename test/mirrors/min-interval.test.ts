/** `[mirror] MIN_INTERVAL` has Gitea's floor: below one minute it is raised to a minute at start, with Gitea's warning. */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startHost, createToken, request, ADMIN } from '../helpers/host.ts';
import { gitSandbox } from '../helpers/git.ts';
import { createLogger } from '../../server/lib/log.ts';
import { LOCAL_SOURCES, upstreamRepo, upstreamUrl, type Pair } from './helpers.ts';

describe('mirror interval floor', () => {
  let p: Pair;
  const lines: string[] = [];
  before(async () => {
    const up = await startHost();
    const down = await startHost({
      logger: createLogger('Warn', (l) => lines.push(l)),
      settings: { 'mirror.MIN_INTERVAL': '10s', 'mirror.DEFAULT_INTERVAL': '30s', ...LOCAL_SOURCES },
    });
    const g = await gitSandbox();
    p = {
      up, down, g, events: [],
      upToken: await createToken(up, ADMIN.username, ADMIN.password),
      downToken: await createToken(down, ADMIN.username, ADMIN.password),
      stop: async () => { await down.stop(); await up.stop(); await g.dispose(); },
    };
  });
  after(async () => { await p.stop(); });

  const migrate = (body: Record<string, unknown>) => p.down.api('POST', '/repos/migrate', { auth: p.downToken, body });

  test('MIN_INTERVAL = 10s is raised to 1m with Gitea\'s warning; DEFAULT_INTERVAL below it becomes 8h', async () => {
    assert.ok(lines.some((l) => l.includes('[WARN] Mirror.MinInterval is too low, set to 1m0s')), lines.join('\n'));
    assert.ok(lines.some((l) => l.includes('[WARN] Mirror.DefaultInterval is less than Mirror.MinInterval, set to 8h0m0s')), lines.join('\n'));
    await upstreamRepo(p, 'floor', { private: false });
    const low = await migrate({ clone_addr: upstreamUrl(p, 'floor'), repo_name: 'floor', mirror: true, mirror_interval: '10s' });
    assert.equal(low.status, 422, low.text);
    assert.match(low.body.message, /10s.*below minimum interval: 1m0s/);
    const justBelow = await migrate({ clone_addr: upstreamUrl(p, 'floor'), repo_name: 'floor', mirror: true, mirror_interval: '59s' });
    assert.equal(justBelow.status, 422, justBelow.text);
    const minute = await migrate({ clone_addr: upstreamUrl(p, 'floor'), repo_name: 'floor', mirror: true, mirror_interval: '1m' });
    assert.equal(minute.status, 201, minute.text);
    assert.equal(minute.body.mirror_interval, '1m0s');
    const unset = await migrate({ clone_addr: upstreamUrl(p, 'floor'), repo_name: 'floor-default', mirror: true });
    assert.equal(unset.status, 201, unset.text);
    assert.equal(unset.body.mirror_interval, '8h0m0s');
    const edit = await p.down.api('PATCH', '/repos/root/floor', { auth: p.downToken, body: { mirror_interval: '30s' } });
    assert.equal(edit.status, 422, edit.text);
  });

  test('the settings page refuses a MIN_INTERVAL below one minute and takes one at or above it', async () => {
    const set = (value: string) => request(p.down.url, 'PATCH', '/api/homeforge/admin/settings', { auth: p.downToken, body: { 'mirror.MIN_INTERVAL': value } });
    const low = await set('30s');
    assert.equal(low.status, 422, low.text);
    assert.match(low.body.message, /MIN_INTERVAL.*at least 1m0s/);
    assert.equal((await set('1m')).status, 200);
    const five = await set('5m');
    assert.equal(five.status, 200);
    const refused = await migrate({ clone_addr: upstreamUrl(p, 'floor'), repo_name: 'floor-five', mirror: true, mirror_interval: '2m' });
    assert.equal(refused.status, 422, refused.text);
    assert.match(refused.body.message, /below minimum interval: 5m0s/);
  });
});
